"""``python -m allfives``: the command line (``cli``)."""

import sys
from pathlib import Path

from .cli import main

if __name__ == "__main__":
    sys.exit(main(prog=f"{Path(sys.executable).name} -m allfives"))
