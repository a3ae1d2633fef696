"""`python -m thebes`: the same as the `thebes` command."""

import sys

from thebes.cli.main import main

sys.exit(main())
