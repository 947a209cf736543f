#!/usr/bin/python3
"""Launches a desktop entry's action as a person's desktop does, and reads the screen back.

Usage: launcher_drive.py --desktop-file PATH --action NAME [--wait SECONDS] [--expect TEXT]...
                         [--timeout SECONDS] [--keys TEXT] [--expect-after TEXT]...
                         [--expect-closed] [--screenshot PATH]

It starts its own Xvfb, launches the action with GLib's Gio.DesktopAppInfo.launch_action (the
code GNOME Shell runs: a Terminal=true entry is wrapped in the first terminal emulator GLib finds,
/usr/bin/xterm when only xterm is installed), waits --wait seconds, then reads the screen
(ImageMagick's import, tesseract) every half second until every --expect TEXT has been read at
once or --timeout seconds have passed since the launch. With --keys it then types the text into
the terminal (xdotool; a newline is Return) and polls the same way, for up to --timeout seconds
more, for every --expect-after TEXT; with --expect-closed it then waits, within the same time,
for the terminal to close as well. Polling stops early once the terminal has closed.

Prints one JSON object: {"text": the last screen read, "windows": terminal windows (xterm
processes the launch started) still open, "text_at_keys" and "windows_at_keys": the screen read
and the terminals open when --keys were typed (null without --keys), "met": whether every
expectation was met, "seconds": from the launch to the last reading, "command": the terminal's
command line as GLib ran it}. Exits 0 when every expectation was met, 1 when not, 2 on a usage or setup error.
Text is compared with runs of white space made one space, as OCR spaces words unevenly.

The caller's environment is passed to the launched program; only DISPLAY and XENVIRONMENT (the
X resources that make xterm large, black on white, for OCR) are set for it. Must run with
Debian's python3 (/usr/bin/python3), which has the gi module. Everything it starts, Xvfb, the
terminal and whatever runs in it, is stopped before it exits.
"""
import argparse, ctypes, json, os, re, select, shutil, signal, subprocess, sys, tempfile, time

import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio  # noqa: E402

SCREEN = "1920x1080x24"
# xterm reads these through XENVIRONMENT. Noto Mono at 16 points, black on white, is what
# tesseract read without a mistake in tables of dates, amounts and ids: DejaVu Sans Mono's dotted
# zero reads as "©" and its thin underscores vanish below 20 points, Liberation Mono 2 has the
# dotted zero too, and the bitmap 10x20 font reads "W" as "H". 120x36 cells (1580x992 pixels)
# fit the screen with room to spare, so a long line is not cut off.
RESOURCES = """\
XTerm*faceName: Noto Mono
XTerm*faceSize: 16
XTerm*background: white
XTerm*foreground: black
XTerm*geometry: 120x36+0+0
XTerm*scrollBar: false
XTerm*internalBorder: 10
XTerm*borderWidth: 0
"""
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
libc = ctypes.CDLL(None, use_errno=True)


def die_with_parent():
    """In a child before exec: ends it if the driver is killed and cannot clean up."""
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


def processes():
    """Every process: {pid: (name, state, parent pid)}, from /proc."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                stat = f.read()
        except OSError:  # gone meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        found[int(entry)] = (stat[stat.index("(") + 1:stat.rindex(")")], fields[0], int(fields[1]))
    return found


def children():
    """Our direct children: {pid: (name, state)}. As a subreaper we are the parent of every
    process the launch started once its own parent is gone (GLib spawns through a helper that
    exits at once), so this finds the terminal, and its zombie after it has exited."""
    return {pid: (name, state) for pid, (name, state, parent) in processes().items() if parent == os.getpid()}


def descendants():
    """Every live process below us, deepest first."""
    parents = {pid: parent for pid, (_, state, parent) in processes().items() if state != "Z"}
    below, frontier = [], [os.getpid()]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        below = frontier + below
    return below


def reap():
    """Collects exited children; only while no subprocess.run is waiting for its own."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def start_xvfb(log):
    """Starts Xvfb on the first free display; returns (process, ":N")."""
    read_end, write_end = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", SCREEN, "-wr", "-nolisten", "tcp"],
                            pass_fds=(write_end,), stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                            preexec_fn=die_with_parent)
    os.close(write_end)
    number, deadline = b"", time.time() + 15
    while not number.endswith(b"\n"):
        ready, _, _ = select.select([read_end], [], [], max(0.0, deadline - time.time()))
        chunk = os.read(read_end, 16) if ready else b""
        if not chunk:
            os.close(read_end)
            log.flush()
            with open(log.name, errors="replace") as f:
                raise RuntimeError("Xvfb did not start: " + f.read().strip())
        number += chunk
    os.close(read_end)
    return xvfb, ":" + number.decode().strip()


class Screen:
    def __init__(self, display, directory, environment):
        self.display, self.shot, self.environment = display, os.path.join(directory, "shot.png"), environment

    def read(self):
        """Takes a screenshot of the whole screen and returns the text tesseract reads on it."""
        subprocess.run(["import", "-display", self.display, "-window", "root", self.shot],
                       env=self.environment, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30)
        # One thread: OpenMP on both cores is slower here, and the machine is shared.
        result = subprocess.run(["tesseract", self.shot, "-", "--psm", "6"], env=dict(self.environment, OMP_THREAD_LIMIT="1"),
                                check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60)
        return result.stdout.decode(errors="replace")


def flat(text):
    return re.sub(r"\s+", " ", text).strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--desktop-file", required=True, metavar="PATH", help="the .desktop file")
    parser.add_argument("--action", required=True, metavar="NAME", help="the [Desktop Action NAME] to launch")
    parser.add_argument("--wait", type=float, default=3, metavar="SECONDS", help="seconds after the launch before the first reading (3)")
    parser.add_argument("--expect", action="append", default=[], metavar="TEXT", help="text to read on the screen (repeatable)")
    parser.add_argument("--timeout", type=float, default=20, metavar="SECONDS", help="seconds from the launch to give up on --expect (20)")
    parser.add_argument("--keys", metavar="TEXT", help="text to type into the terminal once --expect is met (a newline is Return)")
    parser.add_argument("--expect-after", action="append", default=[], metavar="TEXT", help="text to read after --keys (repeatable)")
    parser.add_argument("--expect-closed", action="store_true", help="after --keys, also wait for the terminal to close")
    parser.add_argument("--screenshot", metavar="PATH", help="keep the last screenshot here")
    args = parser.parse_args()

    try:
        info = Gio.DesktopAppInfo.new_from_filename(args.desktop_file)
    except TypeError:  # the constructor returned NULL: no such file, or not a desktop entry
        info = None
    if info is None:
        parser.error("%s is not a valid desktop entry, or its Exec or TryExec program is not on PATH" % args.desktop_file)
    if args.action not in info.list_actions():
        parser.error("%s has no action %s (it has: %s)" % (args.desktop_file, args.action, ", ".join(info.list_actions())))

    # Orphans (the terminal, after GLib's spawn helper exits) become our children, so we can
    # count, reap and stop them.
    libc.prctl(PR_SET_CHILD_SUBREAPER, 1)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    directory = tempfile.mkdtemp(prefix="launcher-drive-")
    xvfb = None
    try:
        with open(os.path.join(directory, "xvfb.log"), "wb") as log:
            xvfb, display = start_xvfb(log)
        resources = os.path.join(directory, "Xresources")
        with open(resources, "w") as f:
            f.write(RESOURCES)
        environment = dict(os.environ, DISPLAY=display, XENVIRONMENT=resources)
        screen = Screen(display, directory, environment)

        context = Gio.AppLaunchContext()
        context.setenv("DISPLAY", display)
        context.setenv("XENVIRONMENT", resources)
        launched = time.time()
        info.launch_action(args.action, context)
        terminals, command = set(), ""

        def windows():
            """Counts the terminals still open, and notes any new one (and its command line)."""
            nonlocal command
            live = 0
            for pid, (name, state) in children().items():
                if name != "xterm":
                    continue
                if pid not in terminals:
                    terminals.add(pid)
                    try:
                        with open("/proc/%d/cmdline" % pid, "rb") as f:
                            command = command or f.read().replace(b"\0", b" ").decode(errors="replace").strip()
                    except OSError:
                        pass
                live += state != "Z"
            return live

        def poll(expected, since):
            """Reads the screen until every expected text is on it at once, or --timeout seconds
            after `since`."""
            while True:
                text = screen.read()
                if all(flat(wanted) in flat(text) for wanted in expected):
                    return text, True
                # A terminal that has come and gone will not show anything any more.
                gone = windows() == 0 and terminals
                if gone or time.time() - since + 0.5 > args.timeout:
                    return text, False
                time.sleep(0.5)

        # Watched meanwhile, so the terminal's command line is caught even if it closes soon.
        while time.time() < launched + args.wait:
            windows()
            time.sleep(0.05)
        windows()
        text, met = poll(args.expect, launched)
        text_at_keys = windows_at_keys = None
        if met and args.keys is not None:
            text_at_keys, windows_at_keys = text, windows()
            subprocess.run(["xdotool", "search", "--sync", "--class", "xterm", "windowfocus", "--sync", "%@",
                            "type", "--delay", "30", args.keys], env=environment, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
            typed = time.time()
            text, met = poll(args.expect_after, typed)
            if met and args.expect_closed:
                # The screen after the keys is kept: what the terminal showed as it closed.
                while windows() and time.time() - typed < args.timeout:
                    time.sleep(0.1)
                met = windows() == 0
        seconds = time.time() - launched
        open_windows = windows()
        if args.screenshot:
            shutil.copyfile(screen.shot, args.screenshot)
        print(json.dumps({"text": text, "windows": open_windows, "text_at_keys": text_at_keys,
                          "windows_at_keys": windows_at_keys, "met": met, "seconds": round(seconds, 2),
                          "command": command}))
        return 0 if met else 1
    finally:
        stop(xvfb)
        shutil.rmtree(directory, ignore_errors=True)


def stop(xvfb):
    """Stops everything below us: the terminal and its programs first, then Xvfb."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for _ in range(20):
            others = [pid for pid in descendants() if xvfb is None or pid != xvfb.pid]
            if not others:
                break
            for pid in others:
                try:
                    os.kill(pid, sig)
                except ProcessLookupError:
                    pass
            time.sleep(0.05)
            reap()
    if xvfb is not None:
        xvfb.terminate()
        try:
            xvfb.wait(5)
        except subprocess.TimeoutExpired:
            xvfb.kill()
            xvfb.wait()
    reap()


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (OSError, RuntimeError, subprocess.SubprocessError) as error:
        print("launcher_drive.py: %s" % error, file=sys.stderr)
        sys.exit(2)
