#!/usr/bin/env python3
"""Looks at TagCloud's animations in headless Chromium, for the tests.

    animation.py apng-frames ANIMATION.png OUTDIR
        Decodes the APNG with Chromium's own image decoder (WebCodecs `ImageDecoder`), which
        composites each frame as a browser shows it, and writes OUTDIR/frame-N.png for each, then
        prints JSON: {"frames": N, "durations": [milliseconds, ...]}.

    animation.py svg-frames ANIMATION.svg OUTDIR --width W --height H --times T1,T2,...
        Opens the animated SVG, pauses its CSS animations at each time (seconds) and screenshots
        the W x H viewport (CSS pixels) to OUTDIR/time-K.png, then prints JSON:
        {"animations": number of running CSS animations, "times": [...]}.

Uses cdp.py (beside this file): one Chromium for all the pages, no port opened.
"""
import argparse, base64, json, os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

DECODE_SCRIPT = """
(async () => {
  const bytes = Uint8Array.from(atob(document.getElementById('data').textContent), c => c.charCodeAt(0));
  const decoder = new ImageDecoder({data: bytes, type: 'image/png'});
  await decoder.tracks.ready;
  await decoder.completed;
  const count = decoder.tracks.selectedTrack.frameCount;
  const frames = [];
  for (let index = 0; index < count; index++) {
    const {image} = await decoder.decode({frameIndex: index});
    const canvas = new OffscreenCanvas(image.displayWidth, image.displayHeight);
    canvas.getContext('2d').drawImage(image, 0, 0);
    const blob = await canvas.convertToBlob({type: 'image/png'});
    const buffer = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < buffer.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, buffer.subarray(i, i + 0x8000));
    }
    frames.push({png: btoa(binary), duration: image.duration / 1000});
    image.close();
  }
  return frames;
})()
"""


def apng_frames(path, out):
    with open(path, "rb") as f:
        data = base64.b64encode(f.read()).decode()
    with Browser() as browser:
        page = browser.new_page(width=100, height=100)
        page.set_content(f"<!doctype html><script id=data type=text/plain>{data}</script>")
        frames = page.evaluate(DECODE_SCRIPT)
    os.makedirs(out, exist_ok=True)
    for index, frame in enumerate(frames):
        with open(os.path.join(out, f"frame-{index}.png"), "wb") as f:
            f.write(base64.b64decode(frame["png"]))
    return {"frames": len(frames), "durations": [frame["duration"] for frame in frames]}


def svg_frames(path, out, width, height, times):
    os.makedirs(out, exist_ok=True)
    with Browser() as browser:
        page = browser.new_page(width=width, height=height)
        page.navigate("file://" + os.path.abspath(path))
        count = page.evaluate("document.getAnimations().length")
        for index, time in enumerate(times):
            page.evaluate("(async () => { for (const a of document.getAnimations()) { a.pause(); a.currentTime = %r; }"
                          " await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))); })()"
                          % (time * 1000))
            with open(os.path.join(out, f"time-{index}.png"), "wb") as f:
                f.write(page.screenshot())
    return {"animations": count, "times": times}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    apng = sub.add_parser("apng-frames")
    apng.add_argument("animation")
    apng.add_argument("out")
    svg = sub.add_parser("svg-frames")
    svg.add_argument("animation")
    svg.add_argument("out")
    svg.add_argument("--width", type=int, required=True)
    svg.add_argument("--height", type=int, required=True)
    svg.add_argument("--times", required=True)
    args = parser.parse_args()
    if args.command == "apng-frames":
        result = apng_frames(args.animation, args.out)
    else:
        result = svg_frames(args.animation, args.out, args.width, args.height,
                            [float(t) for t in args.times.split(",")])
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
