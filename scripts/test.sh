#!/usr/bin/env bash
# Install everything the test suite needs, then run the whole suite.
# Used by the README's Quickstart and by CI (.ci/run) alike.
set -uo pipefail
cd "$(dirname "$0")/.."

# System packages some tests use (OCR, headless browser). Best effort: without root or
# apt the tests that need them skip with a stated reason.
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1 && [ -z "${LAYOUTPDF_SKIP_APT:-}" ]; then
  pkgs=""
  # OCR tests: the tesseract binary (orientation detection, osd data) and eng + chi_sim data
  langs="$(tesseract --list-langs 2>/dev/null || true)"
  for lang in eng chi_sim osd; do
    printf '%s\n' "$langs" | grep -qx "$lang" || need_ocr=1
  done
  [ -n "${need_ocr:-}" ] && pkgs="$pkgs tesseract-ocr tesseract-ocr-eng tesseract-ocr-chi-sim"
  { command -v chromium && command -v chromedriver; } >/dev/null 2>&1 || pkgs="$pkgs chromium chromium-driver"
  # maths-producer tests set browser/office maths fonts (DejaVu Math TeX Gyre, Liberation Serif)
  [ -f /usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf ] || pkgs="$pkgs fonts-dejavu-extra"
  [ -f /usr/share/fonts/truetype/liberation/LiberationSerif-Italic.ttf ] || pkgs="$pkgs fonts-liberation"
  if [ -n "$pkgs" ]; then
    # Progress: a line per 10 packages unpacked or set up; the full log is shown on failure.
    echo "apt-get: installing$pkgs (with their dependencies; a few minutes)"
    log="$(mktemp)"
    if (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
          -o Dpkg::Use-Pty=0 $pkgs) < /dev/null 2>&1 | tee "$log" \
        | awk '/^(Unpacking|Setting up) / { n++; if (n % 10 == 0) {
            printf "apt-get: %d steps (unpack/set up) done\n", n; fflush() } }
          END { printf "apt-get: %d steps done\n", n }'; [ "${PIPESTATUS[0]}" = "0" ]; then
      echo "apt-get: installed$pkgs"
    else
      tail -n 15 "$log"
      echo "note: could not install$pkgs; tests that need them will skip"
    fi
    rm -f "$log"
  fi
fi

python -m pip install -q -e ".[dev]" || exit 1
python -m pytest -q "$@"
rc=$?
if [ "$rc" = "5" ]; then
  echo "pytest collected no tests: treating as a failure" >&2
  exit 1
fi
exit "$rc"
