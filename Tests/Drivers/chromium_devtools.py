#!/usr/bin/python3
"""Drives Debian's headless Chromium over the DevTools protocol, as a person's phone or desk would.

Usage: chromium_devtools.py [--timeout SECONDS] < SCRIPT.json > RESULTS.json

SCRIPT is one JSON object:
  {"viewport": "phone" | "desk",        phone: 390x844, mobile, touch, an Android user agent; desk: 1280x900
   "serve": "DIR",                      optional: DIR served on 127.0.0.1 at a free port, "{origin}" in
                                        URLs then stands for http://127.0.0.1:PORT
   "timeout": SECONDS,                  each step's limit (default 20)
   "steps": [STEP, ...]}
Each STEP is an object with "action" and its fields:
  navigate {url}                     load a page and wait for its load event; result: the final URL
  wait_for {selector}                until a CSS selector matches
  fill {selector, value}             set a field's value (input and change events fired)
  click {selector, navigates?}       click it; with "navigates": true wait for the next page's load
  tap {selector, navigates?}         touch the middle of the element's box as a finger does: whatever is on top
                                     there gets the tap (Input.dispatchTouchEvent), not necessarily the element
  upload {selector, files}           put files into an <input type=file> (DOM.setFileInputFiles)
  text {selector}                    result: the element's textContent
  html {selector}                    result: the element's innerHTML
  evaluate {expression}              result: its value (promises awaited)
  service_worker                     wait until a service worker is active for the page; result: its script URL
  screenshot {path}                  a PNG of the viewport written to path
  manifest                           result: Page.getAppManifest (url, errors, data, and the parsed manifest)
  installability                     result: Page.getInstallabilityErrors' list
  shortcut {name}                    open the manifest's shortcut called name, as a long press on the installed
                                     app's icon does: the URL Chromium parsed from the page's manifest;
                                     result: the final URL
Prints {"ok": true, "origin": ..., "browser": {"pid", "profile"}, "results": [one per step]}, exit 0
(browser: the process group and profile directory it used, both gone by then); when a step fails, or the whole
run passes --timeout (default 120), {"ok": false, "error": ..., "step": INDEX, "results": [...]}, exit 1;
a usage or setup error (no chromium, bad JSON) exits 2 with the message on stderr.

Usable as a library too: `with Chromium("phone") as browser: browser.navigate(url)`.
Must run with Debian's python3 (/usr/bin/python3), which has python3-websocket. Chromium runs with a
fresh profile in a temporary directory, in a process group of its own that is killed, whatever
happens (an exception, a timeout, SIGTERM), before the script exits; the profile is removed.
"""
import base64, ctypes, functools, http.server, json, os, shutil, signal, subprocess, sys, tempfile, threading, time

import websocket

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
DESK = {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}
PHONE_AGENT = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
               "Chrome/124.0.0.0 Mobile Safari/537.36")


class DriverError(Exception):
    pass


def find_chromium():
    for path in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if os.access(path, os.X_OK):
            return path
    raise DriverError("chromium is missing: Scripts/bootstrap installs it")


class Chromium:
    """One headless Chromium with one page, attached over the browser's DevTools WebSocket."""

    def __init__(self, viewport="desk", timeout=20.0):
        self.viewport, self.timeout = viewport, timeout
        self.process, self.socket, self.session = None, None, None
        self.profile = tempfile.mkdtemp(prefix="chromium-devtools-")
        self.next_id, self.events = 0, []

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()

    def start(self):
        arguments = [
            find_chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-background-networking", "--disable-component-update",
            "--disable-sync", "--password-store=basic", "--remote-debugging-address=127.0.0.1",
            "--remote-debugging-port=0", "--user-data-dir=" + self.profile, "about:blank"]
        self.process = subprocess.Popen(arguments, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True)
        # Chromium writes the port it chose, then the browser's WebSocket path, to DevToolsActivePort.
        active = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.monotonic() + self.timeout
        while True:
            if self.process.poll() is not None:
                raise DriverError(f"chromium exited with {self.process.returncode} before it listened")
            try:
                with open(active) as file:
                    lines = file.read().split("\n")
                if len(lines) >= 2 and lines[0].isdigit() and lines[1]:
                    break
            except FileNotFoundError:
                pass
            if time.monotonic() > deadline:
                raise DriverError("chromium did not write DevToolsActivePort in time")
            time.sleep(0.05)
        self.socket = websocket.create_connection(f"ws://127.0.0.1:{lines[0]}{lines[1]}", timeout=self.timeout,
                                                  suppress_origin=True)
        target = self.send("Target.createTarget", {"url": "about:blank"}, browser=True)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, browser=True)["sessionId"]
        for domain in ("Page", "Runtime", "DOM"):
            self.send(domain + ".enable")
        self.set_viewport(self.viewport)

    def close(self):
        if self.socket is not None:
            try:
                self.socket.close()
            except Exception:
                pass
            self.socket = None
        if self.process is not None:
            for sig, wait in ((signal.SIGTERM, 3), (signal.SIGKILL, 5)):
                try:
                    os.killpg(self.process.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    self.process.wait(wait)
                    # The group may outlive its leader (renderers, zygotes): SIGKILL it whole.
                    os.killpg(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    break
                except subprocess.TimeoutExpired:
                    continue
                break
            self.process = None
        reap_descendants()
        shutil.rmtree(self.profile, ignore_errors=True)

    # The protocol: a command with its id, answered by a message with that id; events between.

    def send(self, method, params=None, browser=False, timeout=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if not browser:
            message["sessionId"] = self.session
        self.socket.send(json.dumps(message))
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            reply = self._receive(deadline, method)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise DriverError(f"{method}: {reply['error'].get('message')} {reply['error'].get('data', '')}".strip())
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def _receive(self, deadline, waiting_for):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise DriverError(f"no answer to {waiting_for} in time")
        self.socket.settimeout(remaining)
        try:
            return json.loads(self.socket.recv())
        except websocket.WebSocketTimeoutException:
            raise DriverError(f"no answer to {waiting_for} in time") from None

    def wait_event(self, method, timeout=None):
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for index, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == self.session:
                    del self.events[:index + 1]
                    return event.get("params", {})
            message = self._receive(deadline, method)
            if "method" in message:
                self.events.append(message)

    # What a person does.

    def set_viewport(self, viewport):
        metrics = PHONE if viewport == "phone" else DESK
        self.send("Emulation.setDeviceMetricsOverride", metrics)
        self.send("Emulation.setTouchEmulationEnabled", {"enabled": viewport == "phone", "maxTouchPoints": 5})
        if viewport == "phone":
            self.send("Emulation.setUserAgentOverride", {"userAgent": PHONE_AGENT, "platform": "Linux armv8l"})

    def navigate(self, url):
        self.events.clear()
        result = self.send("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise DriverError(f"cannot load {url}: {result['errorText']}")
        self.wait_event("Page.loadEventFired")
        return self.evaluate("location.href")

    def evaluate(self, expression, timeout=None):
        result = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True},
                           timeout=timeout)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise DriverError("script failed: " + details.get("exception", {}).get("description", details.get("text", "")))
        return result.get("result", {}).get("value")

    def element(self, selector, expression):
        """`expression` evaluated with `element` bound to the first match of `selector`."""
        value = self.evaluate(
            f"(() => {{ const element = document.querySelector({json.dumps(selector)});"
            f" if (!element) return {{missing: true}}; return {{value: ({expression})}}; }})()")
        if value.get("missing"):
            raise DriverError(f"nothing matches {selector}")
        return value.get("value")

    def wait_for(self, selector):
        deadline = time.monotonic() + self.timeout
        while not self.evaluate(f"document.querySelector({json.dumps(selector)}) !== null"):
            if time.monotonic() > deadline:
                raise DriverError(f"nothing matched {selector} in time")
            time.sleep(0.1)

    def fill(self, selector, value):
        self.element(selector, "(element.value = " + json.dumps(value) + ", element.dispatchEvent(new Event('input', "
                     "{bubbles: true})), element.dispatchEvent(new Event('change', {bubbles: true})), null)")

    def click(self, selector, navigates=False):
        self.events.clear()
        self.element(selector, "(element.click(), null)")
        if navigates:
            self.wait_event("Page.loadEventFired")
            return self.evaluate("location.href")

    def tap(self, selector, navigates=False):
        box = self.element(selector, "(() => { const r = element.getBoundingClientRect();"
                                     " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
        self.events.clear()
        point = [{"x": box[0], "y": box[1]}]
        self.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
        self.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        if navigates:
            self.wait_event("Page.loadEventFired")
            return self.evaluate("location.href")

    def upload(self, selector, files):
        document = self.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        node = self.send("DOM.querySelector", {"nodeId": document, "selector": selector})["nodeId"]
        if not node:
            raise DriverError(f"nothing matches {selector}")
        self.send("DOM.setFileInputFiles", {"files": [os.path.abspath(f) for f in files], "nodeId": node})

    def service_worker(self):
        return self.evaluate(
            "Promise.race([navigator.serviceWorker.ready.then((r) => r.active && r.active.scriptURL),"
            f" new Promise((_, reject) => setTimeout(() => reject(new Error('no service worker became active')), {int(self.timeout * 1000)}))])",
            timeout=self.timeout + 5)

    def screenshot(self, path):
        data = self.send("Page.captureScreenshot", {"format": "png"})["data"]
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
        return path

    def manifest(self):
        return self.send("Page.getAppManifest")

    def installability(self):
        return self.send("Page.getInstallabilityErrors")["installabilityErrors"]

    def shortcut(self, name):
        """Opens the page's manifest's shortcut called `name` at the URL Chromium made of it, as
        the installed app's icon would: a test reaches the task the way the manifest says, never
        by a path it assumes."""
        shortcuts = (self.manifest().get("manifest") or {}).get("shortcuts") or []
        for shortcut in shortcuts:
            if shortcut.get("name") == name:
                return self.navigate(shortcut["url"])
        raise DriverError(f"the manifest has no shortcut {name!r}; it has {[s.get('name') for s in shortcuts]}")


def become_subreaper():
    """Makes this process the reaper of everything it starts (prctl PR_SET_CHILD_SUBREAPER): a
    renderer or crash handler orphaned by Chromium becomes our child, not init's, so that it is
    killed and reaped here. In a container whose init reaps nothing, it would stay a zombie."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except OSError:
        return False


def reap_descendants(timeout=5.0):
    """Kills the children this process still has (Chromium's orphans, whatever their process
    group) and reaps every one, until none is left or `timeout` passes."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid:
            continue
        for child in children():
            try:
                os.kill(child, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if time.monotonic() > deadline:
            return
        time.sleep(0.02)


def children():
    me, found = os.getpid(), []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as file:
                    fields = file.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == me and fields[0] != "Z":
                found.append(int(entry))
    return found


class StaticSite:
    """A directory served on 127.0.0.1 at a free port, with the types a browser checks."""

    TYPES = {".webmanifest": "application/manifest+json", ".js": "text/javascript", ".png": "image/png",
             ".html": "text/html; charset=utf-8", ".json": "application/json"}

    def __init__(self, directory):
        class Handler(http.server.SimpleHTTPRequestHandler):
            extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **StaticSite.TYPES)

            def end_headers(self):
                self.send_header("Cache-Control", "no-store")
                super().end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                                      functools.partial(Handler, directory=directory))
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def run_step(browser, step, origin):
    def url(text):
        return text.replace("{origin}", origin or "")
    action = step.get("action")
    if action == "navigate":
        return browser.navigate(url(step["url"]))
    if action == "wait_for":
        return browser.wait_for(step["selector"])
    if action == "fill":
        return browser.fill(step["selector"], step["value"])
    if action == "click":
        return browser.click(step["selector"], step.get("navigates", False))
    if action == "tap":
        return browser.tap(step["selector"], step.get("navigates", False))
    if action == "upload":
        return browser.upload(step["selector"], step["files"])
    if action == "text":
        return browser.element(step["selector"], "element.textContent")
    if action == "html":
        return browser.element(step["selector"], "element.innerHTML")
    if action == "evaluate":
        return browser.evaluate(step["expression"])
    if action == "service_worker":
        return browser.service_worker()
    if action == "screenshot":
        return browser.screenshot(step["path"])
    if action == "manifest":
        return browser.manifest()
    if action == "installability":
        return browser.installability()
    if action == "shortcut":
        return browser.shortcut(step["name"])
    raise DriverError(f"unknown action {action!r}")


def main():
    overall = 120.0
    arguments = sys.argv[1:]
    if arguments[:1] == ["--timeout"] and len(arguments) == 2:
        overall = float(arguments[1])
    elif arguments:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        script = json.load(sys.stdin)
        steps = script["steps"]
    except (ValueError, KeyError, TypeError) as error:
        print(f"chromium_devtools.py: the script is not an object with steps: {error}", file=sys.stderr)
        return 2

    # SIGTERM and the overall limit end the run through the same cleanup as an error does.
    def interrupt(signum, frame):
        raise DriverError("stopped by a signal" if signum == signal.SIGTERM else f"the run took longer than {overall:g} s")
    signal.signal(signal.SIGTERM, interrupt)
    signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, overall)

    become_subreaper()
    site, results, index = None, [], None
    output = {"ok": False, "results": results}
    try:
        if script.get("serve"):
            site = StaticSite(script["serve"])
            output["origin"] = site.origin
        with Chromium(script.get("viewport", "desk"), float(script.get("timeout", 20))) as browser:
            output["browser"] = {"pid": browser.process.pid, "profile": browser.profile}
            for index, step in enumerate(steps):
                results.append(run_step(browser, step, output.get("origin")))
        output["ok"] = True
    except (DriverError, OSError, websocket.WebSocketException, KeyError) as error:
        output["error"] = f"{type(error).__name__}: {error}" if not isinstance(error, DriverError) else str(error)
        output["step"] = index
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if site:
            site.close()
    json.dump(output, sys.stdout, indent=1)
    sys.stdout.write("\n")
    if isinstance(output.get("error"), str) and output["error"].startswith("chromium is missing"):
        return 2
    return 0 if output["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
