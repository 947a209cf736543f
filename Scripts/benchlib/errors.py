"""The two ways the bench stops: something could not run (exit 1) or it was asked wrongly (exit 64)."""

import sys
from typing import NoReturn


class BenchError(Exception):
    """Something the bench needs could not run: a tool, the build, the data, a command."""


class UsageError(Exception):
    """The command line or an environment variable asks for something the bench does not know."""


def log(message: str) -> None:
    print(f"==> {message}", file=sys.stderr, flush=True)


def die(message: str) -> NoReturn:
    raise BenchError(message)
