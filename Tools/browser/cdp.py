#!/usr/bin/env python3
"""A small driver for headless Chromium over the DevTools protocol, with the standard library only.

Chromium is started with `--remote-debugging-pipe`: it reads protocol messages (JSON, each ended by
a NUL byte) on its file descriptor 3 and writes replies and events on 4, so no port is opened and no
WebSocket library is needed. One browser serves many pages, which is what a batch user (or a test
suite) pays once, instead of a process start per picture.

As a module:

    from cdp import Browser
    with Browser() as browser:
        page = browser.new_page(width=390, height=300, scale=2)
        page.set_content("<p>hello</p>")          # or page.navigate("file:///…")
        png = page.screenshot()                     # bytes; clip=(x, y, w, h) for a part
        text = page.evaluate("document.body.innerText")
        nodes = page.accessibility_tree()

As a command (each prints JSON or writes the file named by --out):

    cdp.py screenshot PAGE.html --width 390 --height 300 --scale 2 --out shot.png [--dark]
    cdp.py serve        # JSON lines on stdin, one reply line each on stdout (see `serve` below)

`serve` keeps one browser for a whole session: a test or a benchmark writes requests such as
{"op": "screenshot", "file": "/tmp/page.html", "width": 390, "height": 300, "scale": 2,
 "out": "/tmp/shot.png"} and reads {"ok": true, ...} or {"ok": false, "error": "..."} back.
Operations: screenshot, evaluate ({"expression"}), axtree, text (the page's selected-all text),
pdf (the page printed to the PDF file "out", background graphics off unless "printBackground"),
quit. Every operation takes file, html or url (a request with none of them acts on the page
already loaded), width, height, scale, and optional media features ({"dark": true} emulates
prefers-color-scheme: dark, {"forcedColors": true} forced-colors: active, as Windows' contrast
themes turn it on), and screenshot a "focus" selector to focus before the picture is taken.
"""
import argparse, base64, fcntl, json, os, shutil, subprocess, sys, tempfile, time

CHROMIUM_CANDIDATES = ("chromium", "chromium-browser", "google-chrome")


def chromium_path():
    """The Chromium executable, or an error naming the Debian package to install."""
    for name in CHROMIUM_CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    raise RuntimeError("Chromium is not installed (Debian package: chromium)")


class ProtocolError(RuntimeError):
    pass


class Browser:
    """One headless Chromium process driven over its debugging pipe."""

    def __init__(self, extra_args=(), timeout=60):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="tagcloud-chromium-")
        # Our ends stay in this process; Chromium's ends become its descriptors 3 (it reads) and 4
        # (it writes). Every descriptor is first moved above 10 so the dup2 calls never collide.
        to_browser_r, to_browser_w = os.pipe()
        from_browser_r, from_browser_w = os.pipe()
        high = [fcntl.fcntl(fd, fcntl.F_DUPFD, 10) for fd in (to_browser_r, from_browser_w)]
        for fd in (to_browser_r, from_browser_w):
            os.close(fd)
        child_in, child_out = high

        def wire():
            os.dup2(child_in, 3)
            os.dup2(child_out, 4)

        args = [chromium_path(), "--headless", "--remote-debugging-pipe", "--no-sandbox",
                "--disable-gpu", "--hide-scrollbars", "--mute-audio", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--force-color-profile=srgb",
                "--allow-file-access-from-files", f"--user-data-dir={self.profile}", *extra_args]
        self.process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, preexec_fn=wire, pass_fds=(3, 4))
        os.close(child_in)
        os.close(child_out)
        self._write = os.fdopen(to_browser_w, "wb", buffering=0)
        self._read = os.fdopen(from_browser_r, "rb", buffering=0)
        self._buffer = b""
        self._next_id = 0
        self._events = []

    # MARK: Messages

    def _send(self, method, params=None, session=None):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self._write.write(json.dumps(message).encode() + b"\0")
        return self._next_id

    def _receive(self):
        while b"\0" not in self._buffer:
            chunk = self._read.read(1 << 20)
            if not chunk:
                raise ProtocolError("Chromium closed its debugging pipe (it exited: %s)" % self.process.poll())
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None):
        """Sends a command and returns its result, keeping events that arrive meanwhile."""
        wanted = self._send(method, params, session)
        while True:
            message = self._receive()
            if message.get("id") == wanted:
                if "error" in message:
                    raise ProtocolError(f"{method}: {message['error'].get('message')}")
                return message.get("result", {})
            if "method" in message:
                self._events.append(message)

    def wait_for_event(self, method, session=None, timeout=None):
        """Waits for an event (kept ones first) and returns its params."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for index, event in enumerate(self._events):
                if event["method"] == method and (session is None or event.get("sessionId") == session):
                    del self._events[index]
                    return event.get("params", {})
            if time.monotonic() > deadline:
                raise ProtocolError(f"timed out waiting for {method}")
            message = self._receive()
            if "method" in message:
                self._events.append(message)

    # MARK: Pages

    def new_page(self, width=800, height=600, scale=1):
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, target, session)
        page.call("Page.enable")
        page.call("Runtime.enable")
        page.set_viewport(width, height, scale)
        return page

    def close(self):
        try:
            self.call("Browser.close")
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for stream in (self._write, self._read):
            try:
                stream.close()
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Page:
    """A tab: navigation, scripts, screenshots, emulation, the accessibility tree."""

    def __init__(self, browser, target, session):
        self.browser, self.target, self.session = browser, target, session

    def call(self, method, params=None):
        return self.browser.call(method, params, self.session)

    def set_viewport(self, width, height, scale=1):
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": int(width), "height": int(height), "deviceScaleFactor": scale, "mobile": False})

    def emulate_media(self, dark=None, forced_colors=None, reduced_motion=None):
        features = [] if dark is None else [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]
        if forced_colors is not None:
            features.append({"name": "forced-colors", "value": "active" if forced_colors else "none"})
        if reduced_motion is not None:
            features.append({"name": "prefers-reduced-motion", "value": "reduce" if reduced_motion else "no-preference"})
        self.call("Emulation.setEmulatedMedia", {"features": features})

    def navigate(self, url):
        """Loads a URL and waits for its load event and its web fonts."""
        self.call("Page.navigate", {"url": url})
        self.browser.wait_for_event("Page.loadEventFired", self.session)
        self.evaluate("document.fonts.ready.then(() => true)")

    def set_content(self, html):
        """Loads HTML text (through a temporary file, so file:// fonts and images load)."""
        with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as f:
            f.write(html)
            path = f.name
        try:
            self.navigate("file://" + path)
        finally:
            os.unlink(path)

    def evaluate(self, expression):
        """Evaluates JavaScript (awaiting a promise) and returns its JSON value."""
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                "returnByValue": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise ProtocolError(f"script failed: {text}")
        return result.get("result", {}).get("value")

    def screenshot(self, clip=None, scale=1):
        """A PNG of the viewport, or of clip = (x, y, width, height) in CSS pixels."""
        params = {"format": "png", "captureBeyondViewport": clip is not None}
        if clip:
            x, y, w, h = clip
            params["clip"] = {"x": x, "y": y, "width": w, "height": h, "scale": scale}
        return base64.b64decode(self.call("Page.captureScreenshot", params)["data"])

    def accessibility_tree(self):
        """Every node of the full accessibility tree: role, name, description and ignored flag."""
        self.call("Accessibility.enable")
        nodes = self.call("Accessibility.getFullAXTree").get("nodes", [])
        return [{"role": (n.get("role") or {}).get("value"), "name": (n.get("name") or {}).get("value"),
                 "description": (n.get("description") or {}).get("value"),
                 "ignored": n.get("ignored", False)} for n in nodes]

    def selected_all_text(self):
        """What select-all then copy would put on the clipboard."""
        return self.evaluate("(() => { const s = getSelection(); s.removeAllRanges();"
                             " const r = document.createRange(); r.selectNodeContents(document.body);"
                             " s.addRange(r); return s.toString(); })()")


# MARK: Command line

def load(page, request):
    """Loads the request's page (html, file or url); a request with none acts on the page loaded
    before, so a caller can watch a live page across requests."""
    if not any(key in request for key in ("html", "file", "url")):
        return
    page.set_viewport(request.get("width", 800), request.get("height", 600), request.get("scale", 1))
    page.emulate_media(dark=request.get("dark"), forced_colors=request.get("forcedColors"),
                       reduced_motion=request.get("reducedMotion"))
    if "html" in request:
        page.set_content(request["html"])
    elif "url" in request:
        page.navigate(request["url"])
    else:
        page.navigate("file://" + os.path.abspath(request["file"]))


def handle(page, request):
    op = request.get("op")
    if op == "quit":
        return None
    load(page, request)
    if op == "screenshot":
        if "focus" in request:
            page.evaluate("document.querySelector(%s).focus({focusVisible: true})" % json.dumps(request["focus"]))
        png = page.screenshot(tuple(request["clip"]) if "clip" in request else None, request.get("clipScale", 1))
        with open(request["out"], "wb") as f:
            f.write(png)
        return {"bytes": len(png)}
    if op == "pdf":
        # As a reader prints the page: "Background graphics" off, which drops every background
        # an element does not ask to keep (print-color-adjust: exact); the paper is the page's
        # @page size when it gives one.
        pdf = page.call("Page.printToPDF", {"printBackground": bool(request.get("printBackground", False)),
                                            "preferCSSPageSize": True})["data"]
        data = base64.b64decode(pdf)
        with open(request["out"], "wb") as f:
            f.write(data)
        return {"bytes": len(data)}
    if op == "evaluate":
        return {"value": page.evaluate(request["expression"])}
    if op == "axtree":
        return {"nodes": page.accessibility_tree()}
    if op == "text":
        return {"text": page.selected_all_text()}
    raise ProtocolError(f"unknown operation {op!r}")


def serve():
    with Browser() as browser:
        page = browser.new_page()
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                request = json.loads(line)
                result = handle(page, request)
                if result is None:
                    print(json.dumps({"ok": True}), flush=True)
                    return
                print(json.dumps({"ok": True, **result}), flush=True)
            except Exception as error:  # every failure becomes a reply, so the caller never hangs
                print(json.dumps({"ok": False, "error": str(error)}), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    shot = sub.add_parser("screenshot", help="a PNG of a page")
    shot.add_argument("page")
    shot.add_argument("--width", type=int, default=800)
    shot.add_argument("--height", type=int, default=600)
    shot.add_argument("--scale", type=float, default=1)
    shot.add_argument("--dark", action="store_true")
    shot.add_argument("--out", required=True)
    sub.add_parser("serve", help="JSON-lines requests on stdin, one browser for all")
    args = parser.parse_args()
    if args.command == "serve":
        return serve()
    with Browser() as browser:
        page = browser.new_page()
        handle(page, {"op": "screenshot", "file": args.page, "width": args.width, "height": args.height,
                      "scale": args.scale, "dark": args.dark or None, "out": args.out})
    return 0


if __name__ == "__main__":
    sys.exit(main())
