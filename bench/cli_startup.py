"""Start-up time of the command line: `cardscript --help` and `cardscript --version`.

    python bench/cli_startup.py [--runs 20]

Prints the median and best wall time of each over the runs; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from bench_args import installed_cli


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    exe = installed_cli()
    if exe is None:
        print("cardscript is not installed beside this Python nor on PATH")
        return 1
    for argv in (["--help"], ["--version"]):
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run([exe, *argv], capture_output=True, check=True)
            times.append(time.perf_counter() - start)
        print(
            f"cardscript {' '.join(argv):10} median {statistics.median(times) * 1000:6.1f} ms"
            f"   best {min(times) * 1000:6.1f} ms   ({args.runs} runs)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
