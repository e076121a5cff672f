#!/usr/bin/env python3
"""The README's performance table from the figures of a `make bench` run.

    make bench                      # writes .build/bench-figures.json
    python3 Tools/bench/readme_table.py .build/bench-figures.json

Each row is one figure of that run: its median, the min and max of its runs, and its target; the
README's table is this script's output pasted as it is, so every number in it comes from one run.
"""
import json, sys

# (label, figure name, how to print the value)
ROWS = [
    ("`FlowLayout`, 1,000,000 items, fast path (one height, leading, no justification)",
     "layout.flow.fast_path_equal_heights_leading.1M_ms", "ms"),
    ("`FlowLayout`, 1,000,000 items, general path (heights 20–60 pt, centred, space-between)",
     "layout.flow.general_mixed_heights_center_space_between.1M_ms", "ms"),
    ("10,000,000 items over 1,000,000, fast path", "layout.flow.fast_path_equal_heights_leading.10M_over_1M_ratio", "x"),
    ("10,000,000 items over 1,000,000, general path",
     "layout.flow.general_mixed_heights_center_space_between.10M_over_1M_ratio", "x"),
    ("Balanced line breaking, 10,000 items", "layout.flow.balanced.10k_ms", "ms"),
    ("Shaping cold: 100,000 labels of mostly distinct words, empty caches",
     "text.shape_cold_distinct_words_labels_per_s", "rate"),
    ("Shaping with empty caches, labels from a 78-word vocabulary (the word cache answers)",
     "text.shape_fresh_cache_common_vocabulary_labels_per_s", "rate"),
    ("Shaping from the cache", "text.shape_cached_labels_per_s", "rate"),
    ("`samples/numbers-flow.yaml` (780 × 2392 px): display list to PNG", "canvas.png_numbers150_2x_ms", "ms"),
    ("The same display list to SVG", "canvas.svg_numbers150_ms", "ms"),
    ("The same spec file to PNG bytes in process (`Cloud`, fonts loaded)", "inprocess.render_numbers150_png_2x_ms", "ms"),
    ("`tagcloud render` of it, process start to PNG on disk", "command.render_numbers150_png_2x_process_ms", "ms"),
    ("Headless Chromium, the same picture, a process per picture", "chromium.process_screenshot_numbers150_png_2x_ms", "ms"),
    ("Headless Chromium, one browser, page after page (DevTools protocol)",
     "chromium.persistent_page_screenshot_numbers150_png_2x_ms", "ms"),
    ("`tagcloud --help`, process start to exit", "command.process_start_help_ms", "ms"),
    ("Site: 1,000 specs of the 150-number example to PNG at 2× in one `render` run",
     "site.batch_1000_specs_png_2x_clouds_per_s", "clouds"),
    ("Site: the same 1,000 specs as 1,000 processes", "site.separate_1000_processes_png_2x_clouds_per_s", "clouds"),
    ("Site: 100,000 tags to layout JSON, process", "site.tags_100k_layout_json_ms", "ms"),
    ("Site: its peak memory", "site.tags_100k_layout_json_peak_mib", "mib"),
    ("Site: 1,000,000 tags to layout JSON, process", "site.tags_1M_layout_json_ms", "ms"),
    ("Site: its peak memory", "site.tags_1M_layout_json_peak_mib", "mib"),
    ("Site: 100,000 tags to SVG, process", "site.tags_100k_svg_ms", "ms"),
    ("Site: its peak memory", "site.tags_100k_svg_peak_mib", "mib"),
    ("Site: `collect` over 10,000 Markdown files", "site.collect_10k_markdown_files_ms", "ms"),
]


def number(value, kind):
    if kind in ("rate", "clouds", "mib"):
        return f"{value:,.0f}"
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def main():
    figures = {f["name"]: f for f in json.load(open(sys.argv[1] if len(sys.argv) > 1 else ".build/bench-figures.json"))}
    print("| What | Median (min–max) | Target |")
    print("|---|---|---|")
    for label, name, kind in ROWS:
        figure = figures.get(name)
        if figure is None:
            print(f"| {label} | not measured | |", file=sys.stderr)
            continue
        unit = {"ms": " ms", "x": "×", "rate": " labels/s", "clouds": " clouds/s", "mib": " MiB"}[kind]
        spread = figure.get("spread")
        text = number(figure["value"], kind) + unit
        if spread and spread["runs"] > 1:
            text += f" ({number(spread['min'], kind)}–{number(spread['max'], kind)})"
        target = ""
        if figure.get("target"):
            op, limit = figure["target"].split(" ")
            target = {"<=": "≤ ", ">=": "≥ "}[op] + number(float(limit), kind) + unit + (
                ": met" if figure_met(figure) else ": **missed**")
        print(f"| {label} | {text} | {target} |")


def figure_met(figure):
    op, limit = figure["target"].split(" ")
    return figure["value"] <= float(limit) if op == "<=" else figure["value"] >= float(limit)


if __name__ == "__main__":
    sys.exit(main())
