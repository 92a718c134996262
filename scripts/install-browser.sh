#!/usr/bin/env bash
# Installs what the browser test of `maze serve` (crates/cli/tests/serve_browser.rs) needs:
# Debian's chromium (/usr/bin/chromium), node and npm if missing, then from npm (pinned by
# crates/cli/tests/browser/package-lock.json) playwright-core, which drives the system
# chromium (no browser download), and axe-core for the accessibility check. Skips each step
# whose result is already there. The apt steps need root or sudo (CI runs as root).
set -euo pipefail
cd "$(dirname "$0")/.."
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
command -v node > /dev/null || packages+=(nodejs)
command -v npm > /dev/null || packages+=(npm)
if [ ${#packages[@]} -gt 0 ]; then
    echo "installing ${packages[*]}"
    # shellcheck source=scripts/apt.sh
    . scripts/apt.sh
    apt_install "${packages[@]}"
fi
dir=crates/cli/tests/browser
# Every npm package of package.json at its pinned version, else `npm ci` (playwright-core
# to drive chromium, axe-core for the accessibility check).
version_of() { sed -n 's/.*"version": "\([^"]*\)".*/\1/p' "$1" 2> /dev/null | head -1 || true; }
missing=""
for pkg in playwright-core axe-core; do
    want=$(sed -n "s/.*\"$pkg\": \"\([^\"]*\)\".*/\1/p" "$dir/package.json" | head -1)
    [ "$(version_of "$dir/node_modules/$pkg/package.json")" = "$want" ] || missing="$missing $pkg@$want"
done
if [ -n "$missing" ]; then
    echo "installing$missing"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
fi
echo "browser test tools present: $(/usr/bin/chromium --version 2> /dev/null | head -1), node $(node --version)," \
    "playwright-core $(version_of "$dir/node_modules/playwright-core/package.json")," \
    "axe-core $(version_of "$dir/node_modules/axe-core/package.json")"
