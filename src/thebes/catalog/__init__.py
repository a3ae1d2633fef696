"""The game's components: the kinds of card (:mod:`~thebes.catalog.kinds`, one table), the
catalog the engine reads (:mod:`~thebes.catalog.components`), the data files' schema
(:mod:`~thebes.catalog.schema`, pydantic) and loading ``data/*.yaml`` into a checked catalog
(:mod:`~thebes.catalog.loading`).

This ``__init__`` imports nothing: the engine imports the pure modules (kinds, components)
and must not pull in the loader, its YAML or pydantic by importing the package.
"""
