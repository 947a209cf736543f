#!/usr/bin/env python3
"""Drives a program through a real pseudo-terminal, as a person at a keyboard would.

Usage: pty_drive.py PROGRAM [ARGS...] < steps.json
Steps: a JSON list of {"send": TEXT} (keys, e.g. "\\t" for TAB, "\\u0003" for Ctrl-C),
{"expect": TEXT} (wait until TEXT appears in the output after the previous match), and
{"run": [ARGV...]} (run another program to completion meanwhile, e.g. a second expenses).
Prints the transcript; exits with the program's status, or 124 when an expectation times out.
The environment is passed through unchanged.
"""
import json, os, pty, select, subprocess, sys, time

TIMEOUT = 15.0

def main():
    steps = json.load(sys.stdin)
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(sys.argv[1], sys.argv[1:])
    transcript = b""
    position = 0

    def pump(deadline):
        nonlocal transcript
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.time()))
        if not ready:
            return False
        try:
            data = os.read(fd, 65536)
        except OSError:
            return None
        if not data:
            return None
        transcript += data
        return True

    for step in steps:
        if "run" in step:
            subprocess.run(step["run"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=TIMEOUT)
        elif "send" in step:
            os.write(fd, step["send"].encode())
            time.sleep(0.05)
        elif "expect" in step:
            wanted = step["expect"].encode()
            deadline = time.time() + TIMEOUT
            while wanted not in transcript[position:]:
                if time.time() > deadline or pump(deadline) is None:
                    sys.stdout.write(transcript.decode(errors="replace"))
                    sys.stdout.write("\n[pty_drive: timed out waiting for %r]\n" % step["expect"])
                    os.kill(pid, 9)
                    sys.exit(124)
            position = transcript.index(wanted, position) + len(wanted)
            # A prompt is printed before the line editor switches the terminal to raw mode; let it
            # settle, or keys typed at once are echoed and read in cooked mode.
            time.sleep(0.15)
    deadline = time.time() + TIMEOUT
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.time() > deadline:
            os.kill(pid, 9)
            sys.stdout.write(transcript.decode(errors="replace") + "\n[pty_drive: program did not exit]\n")
            sys.exit(124)
        pump(time.time() + 0.1)
    while pump(time.time() + 0.05):
        pass
    sys.stdout.write(transcript.decode(errors="replace"))
    sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status >> 8)

main()
