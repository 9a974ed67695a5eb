import os
import sys

# The custom test ops live beside the tests.
sys.path.insert(0, os.path.dirname(__file__))
