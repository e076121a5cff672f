#!/usr/bin/env bash
# The fault matrix (issue 13): runs a tagcloud executable against every way its outputs, inputs,
# standard streams, images and numbers can go wrong, and checks for each case the exit code, the
# message, what is at the output path afterwards (the old content, the new content, or nothing)
# and that no temporary file is left beside it; then kills large renders at several moments.
#
#   Tests/FaultMatrix/fault-matrix.sh .build/release/tagcloud      (make fault-matrix runs this)
#
# Cases that need another user (permissions, "as another user") run only as root, through
# setpriv; they are reported as skipped otherwise. Exit status: 0 when every case passes.
set -u
BIN=$(realpath "${1:?usage: fault-matrix.sh TAGCLOUD}")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
export TAGCLOUD_FONTS="$ROOT/Fonts"
WORK=$(mktemp -d /tmp/tagcloud-fault-matrix.XXXXXX)
chmod 755 "$WORK"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
passed=0; failed=0; skipped=0
isroot=$([ "$(id -u)" = 0 ] && echo yes || echo no)

printf 'tags: [Swift, Linux, Cairo]\n' > spec.yaml
"$BIN" render spec.yaml -o reference.png || { echo "cannot render the reference picture"; exit 1; }
printf 'old content\n' > old.bin

fail() { echo "FAIL  $1: $2"; failed=$((failed + 1)); }

# check NAME CODE MESSAGE STATE PATH SCRIPT
#   CODE     the expected exit status (130+ for signals)
#   MESSAGE  a text standard error must contain ("" for no message, "-" for anything)
#   STATE    what PATH holds afterwards: old (old.bin's bytes), new (reference.png's), absent,
#            png (any PNG), same (unchanged from before the run), device, fifo, - (not checked)
#   SCRIPT   run by bash in the work folder, "$T" being the executable
check() {
  local name=$1 code=$2 message=$3 state=$4 path=$5 script=$6
  local before=""
  [ "$state" = same ] && before=$(sha256sum "$path" 2>/dev/null)
  T="$BIN" bash -c "$script" >stdout.txt 2>stderr.txt
  local status=$?
  local ok=yes
  if [ "$status" != "$code" ]; then fail "$name" "exit $status, expected $code ($(head -c 300 stderr.txt))"; ok=no; fi
  if [ "$message" = "" ] && [ -s stderr.txt ]; then fail "$name" "unexpected message: $(head -c 300 stderr.txt)"; ok=no; fi
  if [ "$message" != "" ] && [ "$message" != "-" ] && ! grep -qF -- "$message" stderr.txt; then
    fail "$name" "message '$(head -c 300 stderr.txt)' lacks '$message'"; ok=no
  fi
  if [ "$path" != "-" ]; then
    case $state in
      old) cmp -s "$path" old.bin || { fail "$name" "$path does not hold the old content"; ok=no; } ;;
      new) cmp -s "$path" reference.png || { fail "$name" "$path does not hold the new picture"; ok=no; } ;;
      absent) [ ! -e "$path" ] && [ ! -L "$path" ] || { fail "$name" "$path exists"; ok=no; } ;;
      png) [ "$(head -c 4 "$path" | od -An -c | tr -d ' ')" = "211PNG" ] || { fail "$name" "$path is not a PNG"; ok=no; } ;;
      same) [ "$(sha256sum "$path" 2>/dev/null)" = "$before" ] || { fail "$name" "$path changed"; ok=no; } ;;
      device) [ -c "$path" ] || { fail "$name" "$path is no longer a character device"; ok=no; } ;;
      fifo) [ -p "$path" ] || { fail "$name" "$path is no longer a FIFO"; ok=no; } ;;
      -) ;;
    esac
    local folder; folder=$(dirname "$path")
    [ -d "$folder" ] && [ -n "$(find "$folder" -maxdepth 1 -name '.*.tmp-*' 2>/dev/null)" ] && {
      fail "$name" "a temporary was left in $folder: $(find "$folder" -maxdepth 1 -name '.*.tmp-*')"; ok=no; }
  fi
  [ $ok = yes ] && { echo "ok    $name"; passed=$((passed + 1)); }
}

skip() { echo "skip  $1 ($2)"; skipped=$((skipped + 1)); }

asuser() { echo "setpriv --reuid=nobody --regid=nogroup --clear-groups $*"; }

# --- 1. Outputs ------------------------------------------------------------------------------
rm -f new.png; check "new file" 0 "" new new.png '"$T" render spec.yaml -o new.png'
check "new file: mode 0666 masked by the umask" 0 "" new masked.png \
  'umask 027; "$T" render spec.yaml -o masked.png && [ "$(stat -c %a masked.png)" = 640 ]'
cp old.bin replaced.png; check "existing file replaced" 0 "" new replaced.png '"$T" render spec.yaml -o replaced.png'
cp old.bin kept.png; chmod 6750 kept.png
if [ $isroot = yes ]; then
  chown nobody:nogroup kept.png
  check "replaced file keeps owner and mode without setuid/setgid" 0 "" new kept.png \
    '"$T" render spec.yaml -o kept.png && [ "$(stat -c "%a %U %G" kept.png)" = "750 nobody nogroup" ]'
else
  check "replaced file keeps its mode without setuid/setgid" 0 "" new kept.png \
    '"$T" render spec.yaml -o kept.png && [ "$(stat -c %a kept.png)" = 750 ]'
fi
if [ $isroot = yes ]; then
  # As a shell's > refuses it: replacing it through the writable folder would make it another's.
  mkdir -p shared; chmod 777 shared; cp old.bin shared/owned.png; chmod 644 shared/owned.png
  check "a file the user may not write, in a folder they may, is refused" 73 "permission denied" old shared/owned.png \
    "$(asuser '"$T"' render "$WORK/spec.yaml" -o "$WORK/shared/owned.png")"
else skip "a file the user may not write, in a folder they may" "not root"; fi
check "/dev/stdout appended to a file, which keeps its inode" 0 "" - - \
  'cp old.bin appended.png; i=$(stat -c %i appended.png); "$T" render spec.yaml -o /dev/stdout >> appended.png && [ "$(stat -c %i appended.png)" = "$i" ] && [ "$(head -c 12 appended.png)" = "old content" ]'
check "a path ending in / names a folder" 73 "it ends with /, so it names a folder" absent slash.png '"$T" render spec.yaml -o slash.png/'
cp old.bin target.png; ln -sf target.png link.png
check "symlink followed, its target replaced" 0 "" new target.png '"$T" render spec.yaml -o link.png && [ -L link.png ]'
rm -f dangling-target.png; ln -sf dangling-target.png dangling.png
check "dangling symlink creates its target" 0 "" new dangling-target.png '"$T" render spec.yaml -o dangling.png && [ -L dangling.png ]'
check "/dev/null written in place" 0 "" device /dev/null '"$T" render spec.yaml -o /dev/null'
if [ $isroot = yes ]; then
  check "/dev/null as another user" 0 "" device /dev/null "$(asuser '"$T"' render "$WORK/spec.yaml" -o /dev/null)"
else skip "/dev/null as another user" "not root"; fi
check "/dev/full: no space" 73 "cannot write the output \"/dev/full\": no space left on the device" device /dev/full \
  '"$T" render spec.yaml -o /dev/full'
check "/dev/stdout into a pipe" 0 "" - - '"$T" render spec.yaml -o /dev/stdout | cmp -s - reference.png'
check "/dev/stdout redirected to a file" 0 "" new viastdout.png '"$T" render spec.yaml -o /dev/stdout > viastdout.png'
rm -f out.fifo; mkfifo out.fifo
check "FIFO written in place" 0 "" fifo out.fifo '(cat out.fifo > fromfifo.png &) ; "$T" render spec.yaml -o out.fifo; sleep 0.3; cmp -s fromfifo.png reference.png'
if command -v /usr/bin/python3 >/dev/null; then
  check "Unix socket written in place" 0 "" - - '/usr/bin/python3 -c "
import socket, sys, os
s = socket.socket(socket.AF_UNIX); s.bind(\"out.sock\"); s.listen(1)
if os.fork() == 0:
    os.execvp(os.environ[\"T\"], [\"tagcloud\", \"render\", \"spec.yaml\", \"-o\", \"out.sock\"])
c, _ = s.accept(); data = b\"\"
while True:
    chunk = c.recv(65536)
    if not chunk: break
    data += chunk
_, status = os.wait()
sys.exit(0 if status == 0 and data == open(\"reference.png\", \"rb\").read() else 1)"; rm -f out.sock'
fi
check "the input itself" 73 "it is the input file, which must not be replaced" same spec.yaml '"$T" render spec.yaml -o spec.yaml --format png'
ln -f spec.yaml hardlink.yaml
check "a hard link to the input" 73 "it is the input file \"spec.yaml\"" same spec.yaml '"$T" render spec.yaml -o hardlink.yaml --format png'
ln -sf spec.yaml symlink.yaml
check "a symlink to the input" 73 "it is the input file" same spec.yaml '"$T" render spec.yaml -o symlink.yaml --format png'
check "missing folder" 73 "the folder \"missing\" does not exist" absent missing/x.png '"$T" render spec.yaml -o missing/x.png'
mkdir -p folder.png; check "a folder" 73 "it is a folder" - folder.png '"$T" render spec.yaml -o folder.png'
if [ $isroot = yes ]; then
  mkdir -p locked; cp old.bin locked/x.png; chmod 755 locked
  check "unwritable folder (another user)" 73 "the folder \"$WORK/locked\" is not writable" old locked/x.png \
    "$(asuser '"$T"' render "$WORK/spec.yaml" -o "$WORK/locked/x.png")"
else skip "unwritable folder" "not root"; fi
cp old.bin failed.png
check "a failed render keeps the old file" 65 "bad.yaml:2:1: malformed YAML" old failed.png 'printf "tags: [a\n" > bad.yaml; "$T" render bad.yaml -o failed.png'
cp reference.png a.png; cp reference.png b.png
check "diff --out an input" 2 "cannot write the diff image \"a.png\": it is the input file" same a.png '"$T" diff a.png b.png --out a.png'
check "diff --out a link to an input" 2 "it is the input file \"b.png\"" same b.png 'ln -sf b.png blink.png; "$T" diff a.png b.png --out blink.png'

mkdir -p content; printf -- '---\ntags: [x, y]\n---\ntext\n' > content/post.md
check "collect never writes over its content" 73 "it is a page with front matter in the input folder \"content\"" same content/post.md \
  '"$T" collect content -o content/post.md'
check "render --from never writes over its content" 73 "it is a page with front matter in the input folder \"content\"" same content/post.md \
  '"$T" render --from content -o content/post.md --format png'
mkdir -p content/_data content/assets
check "collect rebuilds its spec inside the content" 0 - png content/assets/tags.png \
  '"$T" collect content -o content/_data/tags.yaml && "$T" collect content -o content/_data/tags.yaml \
   && "$T" render --from content -o content/assets/tags.png && "$T" render --from content -o content/assets/tags.png \
   && grep -q "text: x" content/_data/tags.yaml'
mkdir -p batch; cp spec.yaml batch/a.yaml; printf '{"tags": ["z"]}\n' > batch/a.layout.json
check "a batch never writes over another of its inputs" 73 "cannot write the output \"batch/a.layout.json\": it is the input file" \
  same batch/a.layout.json '"$T" render batch/a.yaml batch/a.layout.json --formats json --quiet'

# animate, HTML and SVG go through the same writer and readers.
printf 'width: 200\ntags: [Swift, Linux]\n' > narrow.yaml
rm -f anim.png; check "animate: a new APNG" 0 "" png anim.png '"$T" animate spec.yaml narrow.yaml -o anim.png --fps 2 --hold 0'
check "animate: never over one of its inputs" 73 "it is the input file \"narrow.yaml\"" same narrow.yaml \
  'ln -sf narrow.yaml narrow-link.yaml; "$T" animate spec.yaml narrow.yaml -o narrow-link.yaml --format svg --fps 2 --hold 0'
check "animate: /dev/null written in place" 0 "" device /dev/null '"$T" animate spec.yaml narrow.yaml -o /dev/null --fps 2 --hold 0'
check "animate: /dev/full: no space" 73 "cannot write the output \"/dev/full\": no space left on the device" device /dev/full \
  '"$T" animate spec.yaml narrow.yaml -o /dev/full --fps 2 --hold 0'
check "animate: full standard output" 73 "cannot write to standard output: no space left on the device" - - \
  '"$T" animate spec.yaml narrow.yaml -o - --format svg --fps 2 --hold 0 > /dev/full'
check "animate: closed standard input" 66 "cannot read the input \"<stdin>\": standard input is closed" absent anim-closed.png \
  '"$T" animate - narrow.yaml -o anim-closed.png --fps 2 --hold 0 <&-'
check "animate: input over --max-input-size" 65 "is larger than the limit of 10 bytes" absent anim-limit.png \
  '"$T" animate spec.yaml narrow.yaml -o anim-limit.png --max-input-size 10'
check "animate: --scale 1e-200" 64 "--scale must be from 0.01 to 64, not 1e-200" absent anim-scale.png \
  '"$T" animate spec.yaml narrow.yaml -o anim-scale.png --scale 1e-200'
cp old.bin refused.svg
check "a refused link keeps the old file" 65 "js.yaml:1:" old refused.svg \
  'printf "tags: [{text: a, href: \" JaVa\\tScRiPt:alert(1)\"}]\n" > js.yaml; "$T" render js.yaml -o refused.svg'
check "HTML to /dev/full: no space" 73 "no space left on the device" device /dev/full '"$T" render spec.yaml -o /dev/full --format html'

# --- 2. Inputs -------------------------------------------------------------------------------
rm -f in.fifo; mkfifo in.fifo
check "FIFO input" 0 "" new fifo-in.png '(cat spec.yaml > in.fifo &); "$T" render in.fifo --input-format yaml -o fifo-in.png'
check "process substitution (/dev/fd/N), format guessed" 0 "" new procsub.png '"$T" render <(cat spec.yaml) -o procsub.png'
if [ $isroot = yes ]; then
  check "/dev/fd/N as another user" 0 "" - - "$(asuser bash -c "'\"\$T\" render <(cat $WORK/spec.yaml) -o /dev/null'")"
fi
check "/dev/stdin" 0 "" new devstdin.png 'cat spec.yaml | "$T" render /dev/stdin -o devstdin.png'
check "closed standard input" 66 "cannot read the input \"<stdin>\": standard input is closed" absent closed-in.png \
  '"$T" render - -o closed-in.png <&-'
check "input over --max-input-size" 65 "is larger than the limit of 10 bytes" absent limit.png '"$T" render spec.yaml -o limit.png --max-input-size 10'
check "endless standard input stops at the limit" 65 "the input \"<stdin>\" is larger than the limit of 1,048,576 bytes" absent endless.png \
  'yes Swift | "$T" render - -o endless.png --max-input-size 1M'
check "standard input over the default 64 MiB" 65 "larger than the limit of 67,108,864 bytes" absent huge.png \
  'head -c 70000000 /dev/zero | tr "\0" "a" | "$T" render - --input-format text -o huge.png'
check "bad --max-input-size" 64 "--max-input-size takes a size from 1 byte to 1G" - - '"$T" render spec.yaml -o /dev/null --max-input-size 2G'
check "missing input" 66 "cannot read the input \"nope.yaml\": there is no such file" - - '"$T" render nope.yaml -o /dev/null'

# --- 3. Standard streams ---------------------------------------------------------------------
check "full standard error keeps the exit code" 66 "" - - '"$T" render nope.yaml 2>/dev/full'
check "closed standard error keeps the exit code" 66 "" - - '"$T" render nope.yaml 2>&-'
check "closed standard error: the output holds only the picture" 0 "" new closed-err.png '"$T" render spec.yaml -o closed-err.png -v 2>&-'
check "full standard output" 73 "cannot write to standard output: no space left on the device" - - '"$T" render spec.yaml -o - > /dev/full'
check "closed standard output" 73 "cannot write to standard output: it is closed" - - '"$T" render spec.yaml -o - >&-'
check "a pipe closed early" 73 "cannot write to standard output: the pipe is closed" - - \
  '"$T" render spec.yaml -o - | true; exit ${PIPESTATUS[0]}'
check "fonts to a full standard output" 73 "no space left on the device" - - '"$T" fonts > /dev/full'
check "help to a full standard output" 73 "no space left on the device" - - '"$T" --help > /dev/full'
check "diff to a full standard output" 2 "no space left on the device" - - '"$T" diff a.png b.png > /dev/full'

# --- 4. Untrusted PNGs -----------------------------------------------------------------------
"$ROOT/Tests/FaultMatrix/make-png-bombs.py" .
check "a 65-byte PNG claiming 65535 x 65535" 2 "claims to be 65535 × 65535 pixels, more than 32767 pixels a side" - - '"$T" diff claims.png a.png'
check "a 20000 x 20000 PNG bomb" 2 "claims to be 20000 × 20000 pixels, more than the limit of 64000000 pixels (--max-pixels)" - - '"$T" diff a.png bomb.png'
check "--max-pixels below the picture" 2 "more than the limit of 1000 pixels" - - '"$T" diff a.png b.png --max-pixels 1000'
check "truncated PNG" 2 "is not a readable PNG image" - - 'head -c 200 reference.png > cut.png; "$T" diff a.png cut.png'

# --- 5. Numbers and messages -----------------------------------------------------------------
check "--scale 1e-200" 64 "option --scale: \"scale\" is 1e-200, but it must be at least 0.01" - - '"$T" render spec.yaml -o /dev/null --scale 1e-200'
check "--font-size 100000" 64 "option --font-size: \"font.size\" is 100000, but it must be at most 10000 points" - - '"$T" render spec.yaml -o /dev/null --font-size 100000'
check "inverted weights" 65 "w.yaml:1:33: \"weights.maxSize\" is 10, but it must be at least \"weights.minSize\" (40)" - - \
  'printf "weights: {minSize: 40, maxSize: 10}\ntags: [{text: a, weight: 1}, {text: b, weight: 2}]\n" > w.yaml; "$T" render w.yaml -o /dev/null'
check "a 10 MB number is echoed shortened" 65 "long.yaml:1:8: \"width\" is 1111111111111111111111111111111111111111…, but it must be at most 100000 points" - - \
  'head -c 10000000 /dev/zero | tr "\0" 1 | sed "s/^/width: /" > long.yaml; "$T" render long.yaml -o /dev/null 2> err.txt
   status=$?; cat err.txt >&2; [ "$(wc -c < err.txt)" -lt 200 ] || exit 99; exit $status'
check "--set width.=10 says width holds no keys" 64 "unknown key \"width.\"; \"width\" holds no keys" - - '"$T" render spec.yaml -o /dev/null --set width.=10'
check "--set tags[0].text" 0 "" - - '"$T" render spec.yaml -o - --format json --set "tags[0].text=Kernel" | grep -q "\"text\": \"Kernel\""'
check "--set past the last tag" 64 "names tag 7, but the cloud has 3 (0 to 2)" - - '"$T" render spec.yaml -o /dev/null --set "tags[7].weight=2"'
check "picture too large names what to lower" 65 "lower \"width\" (--width), \"padding\" (--padding) or \"scale\" (--scale)" - - '"$T" render spec.yaml -o /dev/null --width 40000'
check "unknown font family" 64 "unknown font family \"Nope\"; available families: DejaVu Sans, Inter, Noto Color Emoji" - - '"$T" render spec.yaml -o /dev/null --font Nope'
check "unreadable fonts folder: advice once" 70 "Set TAGCLOUD_FONTS to the folder of bundled fonts" - - \
  'TAGCLOUD_FONTS=/nonexistent "$T" render spec.yaml -o /dev/null 2>&1 | tee /dev/stderr | [ "$(grep -o TAGCLOUD_FONTS | wc -l)" = 1 ]; exit ${PIPESTATUS[0]}'

# --- 6. Signals and kill -9 during a large render --------------------------------------------
/usr/bin/python3 -c "
import json
print(json.dumps({'width': 25000, 'tags': [{'text': 'tag %d' % i, 'weight': i % 7} for i in range(20000)]}))" > large.json
"$BIN" render large.json -o large-reference.png --scale 0.25 || fail "large render" "the reference failed"
start=$(date +%s%N); "$BIN" render large.json -o /dev/null --scale 0.25; took=$(( ($(date +%s%N) - start) / 1000000 ))
echo "      (a large render takes $took ms here)"
interrupt() {  # interrupt SIGNAL MODE: kills renders at 10 moments over the render's duration
  local signal=$1 mode=$2 moment
  for step in 0 1 2 3 4 5 6 7 8 9; do
    moment=$(( took * step / 8 ))
    cp old.bin large.png
    # A background job of a script starts with SIGINT ignored, which tagcloud keeps (as nohup
    # wants); env gives the signals back their default action.
    TAGCLOUD_TEMPORARY_FILES=$mode env --default-signal=INT,TERM,HUP "$BIN" render large.json -o large.png --scale 0.25 &
    local pid=$!
    sleep "$(printf '0.%03d' $((moment % 1000)))"; sleep $((moment / 1000))
    kill -s "$signal" $pid 2>/dev/null; wait $pid 2>/dev/null
    if cmp -s large.png old.bin || cmp -s large.png large-reference.png; then
      if [ -n "$(find . -maxdepth 1 -name '.*.tmp-*')" ]; then
        fail "$signal at $moment ms ($mode)" "a temporary was left: $(find . -maxdepth 1 -name '.*.tmp-*')"
        find . -maxdepth 1 -name '.*.tmp-*' -delete
      else
        echo "ok    $signal at $moment ms ($mode temporaries): $(cmp -s large.png old.bin && echo old || echo new) content, no temporary"
        passed=$((passed + 1))
      fi
    else
      fail "$signal at $moment ms ($mode)" "large.png is neither the old file nor the new picture"
    fi
  done
}
interrupt KILL unnamed
interrupt INT named
interrupt TERM named
interrupt HUP named

# A run stopped before it wrote anything leaves none of the folders --out-dir made, as a run that
# writes nothing does; a folder that was there stays.
for signal in INT TERM HUP; do
  rm -rf made; mkdir -p kept; rm -f wait.fifo; mkfifo wait.fifo
  env --default-signal=INT,TERM,HUP "$BIN" render wait.fifo --input-format yaml --out-dir made/a/b &
  pid=$!
  for _ in $(seq 50); do [ -d made/a/b ] && break; sleep 0.05; done
  kill -s $signal $pid 2>/dev/null; wait $pid 2>/dev/null
  env --default-signal=INT,TERM,HUP "$BIN" render wait.fifo --input-format yaml --out-dir kept/c &
  pid=$!
  for _ in $(seq 50); do [ -d kept/c ] && break; sleep 0.05; done
  kill -s $signal $pid 2>/dev/null; wait $pid 2>/dev/null
  if [ -e made ] || [ -e kept/c ] || [ ! -d kept ]; then
    fail "$signal before any output" "folders left: $(find made kept 2>/dev/null | tr '\n' ' ')"
  else
    echo "ok    $signal before any output: the folders --out-dir made are gone, the one that was there stays"
    passed=$((passed + 1))
  fi
  rm -f wait.fifo
done

# A batch stopped while it replaces earlier outputs: every thread may be linking a temporary when
# the signal comes, and none may be left (one was, about one run in 30, when a thread linked its
# temporary just after the handler had removed the registered ones). Every file is the old or the
# new picture.
mkdir -p batch-specs
for i in $(seq 1 300); do printf 'tags: [t%d, b%d, Swift]\n' "$i" "$i" > "batch-specs/s$i.yaml"; done
"$BIN" render batch-specs/*.yaml --out-dir batch-old --formats png,svg,json --quiet || fail "batch reference" "the old outputs failed"
"$BIN" render batch-specs/*.yaml --out-dir batch-new --formats png,svg,json --width 150 --quiet || fail "batch reference" "the new outputs failed"
start=$(date +%s%N)
rm -rf batch-timed; cp -r batch-old batch-timed
"$BIN" render batch-specs/*.yaml --out-dir batch-timed --formats png,svg,json --width 150 --quiet
batch_took=$(( ($(date +%s%N) - start) / 1000000 ))
(cd batch-old && md5sum -- *) | sed 's/$/ old/' > known.md5
(cd batch-new && md5sum -- *) | sed 's/$/ new/' >> known.md5
# A spec's files are put in place together (one section a signal waits for): its three files
# are all old or all new (a PNG of the new run beside an SVG of the old one was seen about one
# interrupted batch in four). With named temporaries too, which a group holds several of.
for run in INT:unnamed TERM:unnamed INT:named; do
  signal=${run%%:*} mode=${run#*:}
  left="" mixed="" hung="" split=""
  for step in $(seq 0 19); do
    moment=$(( batch_took * step / 20 ))
    rm -rf batch-out; cp -r batch-old batch-out
    TAGCLOUD_TEMPORARY_FILES=$mode env --default-signal=INT,TERM,HUP "$BIN" render batch-specs/*.yaml --out-dir batch-out --formats png,svg,json --width 150 --quiet &
    pid=$!
    sleep "$(printf '0.%03d' $((moment % 1000)))"; sleep $((moment / 1000))
    kill -s "$signal" $pid 2>/dev/null
    # A handler that is not async-signal-safe can leave the process asleep for good (one that
    # allocated hung about one run in 75): ten seconds after the signal it is a failure.
    for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
    if kill -0 $pid 2>/dev/null; then hung+=" $step"; kill -KILL $pid 2>/dev/null; fi
    wait $pid 2>/dev/null
    left+=$(find batch-out -name '.*.tmp-*')
    # Each file's checksum must be its old or its new file's (one md5sum per run, not a cmp per file).
    (cd batch-out && md5sum -- *) > out.md5
    mixed+=$(awk 'NR == FNR { known[$2 " " $1] = 1; next } !(($2 " " $1) in known) { printf " %s", $2 }' known.md5 out.md5)
    # Each spec's stem (s12 of s12.png, s12.svg, s12.layout.json) with more than one state.
    split+=$(awk 'NR == FNR { state[$2 " " $1] = $3; next }
                  { stem = $2; sub(/\..*$/, "", stem); seen[stem] = seen[stem] " " state[$2 " " $1] }
                  END { for (stem in seen) if (seen[stem] ~ /old/ && seen[stem] ~ /new/) printf " %s", stem }' known.md5 out.md5)
  done
  if [ -n "$left" ] || [ -n "$mixed" ] || [ -n "$hung" ] || [ -n "$split" ]; then
    fail "$signal during a batch over earlier outputs ($mode)" "temporaries left: ${left:-none}; neither old nor new:${mixed:- none}; specs with old and new files:${split:- none}; still running 10 s after the signal at moments:${hung:- none}"
  else
    echo "ok    $signal during a batch over earlier outputs ($mode temporaries), 20 moments over $batch_took ms: none hung, no temporary left, every file old or new, each spec's files all old or all new"
    passed=$((passed + 1))
  fi
done

echo "fault matrix: $passed passed, $failed failed, $skipped skipped"
[ $failed = 0 ]
