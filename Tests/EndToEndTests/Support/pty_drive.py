#!/usr/bin/env python3
"""Drives a program through a real pseudo-terminal, as a person at a keyboard would.

Usage: pty_drive.py PROGRAM [ARGS...] < steps.json
Steps: a JSON list of {"send": TEXT} (keys, e.g. "\\t" for TAB, "\\u0003" for Ctrl-C),
{"expect": TEXT} (wait until TEXT appears in the output after the previous match), and
{"run": [ARGV...]} (run another program to completion meanwhile, e.g. a second expenses).
{"spawn": NAME, "argv": [ARGV...], "transcript": PATH} starts another program on a terminal of
its own, as a second window would; a "send" or "expect" step with "in": NAME goes to it, and its
transcript is written to PATH at the end (or on a timeout). The driver waits for every program
it started, the spawned ones after PROGRAM.
Prints PROGRAM's transcript; exits with its status, or 124 when an expectation times out or a
program does not exit (every program it started is killed then).
The environment is passed through unchanged; PTY_DRIVE_COLUMNS, when set, is the width of the
terminal PROGRAM gets (else the pty's default, 0: no width known).
"""
import fcntl, json, os, pty, select, struct, subprocess, sys, termios, time

TIMEOUT = 15.0


class Program:
    def __init__(self, argv, transcript_path=None):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            columns = os.environ.get("PTY_DRIVE_COLUMNS")
            if columns:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, int(columns), 0, 0))
            os.execvp(argv[0], argv)
        self.transcript, self.position, self.path, self.status = b"", 0, transcript_path, None

    def pump(self, deadline):
        """Reads what the program printed, waiting until `deadline` for something; False when
        nothing came, None at its end."""
        ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.time()))
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            return None
        if not data:
            return None
        self.transcript += data
        return True

    def text(self):
        return self.transcript.decode(errors="replace")

    def kill(self):
        if self.status is None:
            try:
                os.kill(self.pid, 9)
            except ProcessLookupError:
                pass
            _, status = os.waitpid(self.pid, 0)
            self.status = status

    def wait(self, deadline):
        """Waits for the program to exit, reading its output; False when it did not by `deadline`."""
        while self.status is None:
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                self.status = status
                break
            if time.time() > deadline:
                return False
            self.pump(time.time() + 0.1)
        while self.pump(time.time() + 0.05):
            pass
        return True

    def save(self):
        if self.path:
            with open(self.path, "w") as f:
                f.write(self.text())


def main():
    steps = json.load(sys.stdin)
    main_program = Program(sys.argv[1:])
    others = {}

    def fail(message):
        for program in [main_program] + list(others.values()):
            program.kill()
            program.save()
        sys.stdout.write(main_program.text())
        sys.stdout.write("\n[pty_drive: %s]\n" % message)
        for name, program in others.items():
            sys.stdout.write("[pty_drive: transcript of %s]\n%s\n" % (name, program.text()))
        sys.exit(124)

    for step in steps:
        program = others[step["in"]] if "in" in step else main_program
        if "run" in step:
            subprocess.run(step["run"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=TIMEOUT)
        elif "spawn" in step:
            others[step["spawn"]] = Program(step["argv"], step.get("transcript"))
        elif "send" in step:
            os.write(program.fd, step["send"].encode())
            time.sleep(0.05)
        elif "expect" in step:
            wanted = step["expect"].encode()
            deadline = time.time() + TIMEOUT
            while wanted not in program.transcript[program.position:]:
                if time.time() > deadline or program.pump(deadline) is None:
                    fail("timed out waiting for %r%s" % (step["expect"], " in " + step["in"] if "in" in step else ""))
            program.position = program.transcript.index(wanted, program.position) + len(wanted)
            # A prompt is printed before the line editor switches the terminal to raw mode; let it
            # settle, or keys typed at once are echoed and read in cooked mode.
            time.sleep(0.15)
    for name, program in [(None, main_program)] + list(others.items()):
        if not program.wait(time.time() + TIMEOUT):
            fail("program %sdid not exit" % (name + " " if name else ""))
        program.save()
    status = main_program.status
    sys.stdout.write(main_program.text())
    sys.exit(os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status >> 8)

main()
