"""The modules behind bench/run.py and bench/findings.py (split off so that
no file outgrows the project's length limit; run those two scripts, not
these).  Python 3, standard library only."""

import os

# The repository root: this package is bench/benchlib/.
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
