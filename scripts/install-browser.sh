#!/usr/bin/env bash
# Installs what the browser test of `maze serve` (crates/cli/tests/serve_browser.rs) needs:
# Debian's chromium (/usr/bin/chromium), node and npm if missing, and playwright-core from
# npm (pinned by crates/cli/tests/browser/package-lock.json; it drives the system chromium,
# no browser download). Skips each step whose result is already there. The apt steps need
# root or sudo (CI runs as root).
set -euo pipefail
cd "$(dirname "$0")/.."
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
packages=()
[ -x /usr/bin/chromium ] || packages+=(chromium)
command -v node > /dev/null || packages+=(nodejs)
command -v npm > /dev/null || packages+=(npm)
if [ ${#packages[@]} -gt 0 ]; then
    echo "installing ${packages[*]}"
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}" > /dev/null
fi
dir=crates/cli/tests/browser
want=$(sed -n 's/.*"playwright-core": "\([^"]*\)".*/\1/p' "$dir/package.json" | head -1)
have=$(sed -n 's/.*"version": "\([^"]*\)".*/\1/p' "$dir/node_modules/playwright-core/package.json" 2> /dev/null | head -1 || true)
if [ "$have" != "$want" ]; then
    echo "installing playwright-core $want"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
fi
echo "browser test tools present: $(/usr/bin/chromium --version 2> /dev/null | head -1), node $(node --version), playwright-core $want"
