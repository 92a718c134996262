#!/usr/bin/env bash
# Installs what building the engine for WebAssembly needs (scripts/build-wasm.sh,
# scripts/test-wasm.sh), each step skipped when its product is already there:
#   1. Debian bookworm's rustc-web and cargo-web (a compiler whose std source, rust-web-src,
#      and LLVM, rust-web-llvm, come with it) and lld-22, which its rust-lld points to but
#      no package pulls in. Needs root or password-less sudo.
#   2. std for wasm32-unknown-unknown, built once per compiler version from that source
#      (-Z build-std, the only unstable step) into target/wasm-sysroot/<rustc version>.
#   3. wasm-bindgen (the command) built from tools/wasm-bindgen: wasm-bindgen-cli-support at
#      exactly Cargo.lock's wasm-bindgen version, locked by that folder's own Cargo.lock (so two
#      machines get the same tool), into target/wasm-tools (about 2 CPU-minutes).
# Steps 1 and 2 are skipped where rustup has (or can add) the wasm32 target; it cannot be
# downloaded here (only crates.io, PyPI, Debian and npm are reachable), hence that route. Debian's binaryen (wasm-opt 108) breaks wasm-bindgen
# modules: it is not used.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/wasm-env.sh
. scripts/wasm-env.sh
fail() {
    echo "install-wasm: $*" >&2
    exit 1
}

# 0. Where rustup can download the wasm32 standard library (a normal machine, a CI runner),
#    its toolchain is enough: steps 1 and 2 are skipped. Here the download fails at once
#    (no route to static.rust-lang.org) and the Debian route follows.
if [ "$WASM_ROUTE" != rustup ] && [ "${MAZE_WASM_ROUTE:-}" != debian ] && command -v rustup > /dev/null 2>&1; then
    if timeout 120 rustup target add "$WASM_TARGET" > /dev/null 2>&1; then
        . scripts/wasm-env.sh
    else
        echo "rustup cannot add $WASM_TARGET here: taking the Debian route"
    fi
fi

if [ "$WASM_ROUTE" = rustup ]; then
    echo "wasm32 std from rustup: $("$WASM_RUSTC" -V)"
else
    # 1. Debian's compiler and linker.
    packages=(rustc-web cargo-web rust-web-src rust-web-llvm lld-22)
    missing=()
    for p in "${packages[@]}"; do
        [ "$(dpkg-query -W -f '${Status}' "$p" 2> /dev/null)" = "install ok installed" ] || missing+=("$p")
    done
    if [ ${#missing[@]} -eq 0 ]; then
        echo "debian packages present: ${packages[*]}"
    else
        echo "installing debian packages (missing: ${missing[*]})"
        if [ "$(id -u)" -ne 0 ]; then
            sudo -n true 2> /dev/null || fail "apt-get needs root or password-less sudo"
        fi
        # shellcheck source=scripts/apt.sh
        . scripts/apt.sh
        apt_install "${packages[@]}"
        . scripts/wasm-env.sh
    fi
    [ -n "$WASM_RUSTC_RELEASE" ] || fail "$WASM_RUSTC is missing after installing rustc-web"
    [ -x "$WASM_CARGO" ] || fail "$WASM_CARGO is missing after installing cargo-web"
    command -v rust-lld > /dev/null || fail "rust-lld is not on PATH (it comes with rust-web-llvm)"
    rust-lld -flavor wasm --version > /dev/null 2>&1 || fail "rust-lld does not run (it needs lld-22)"
    src="$("$WASM_RUSTC" --print sysroot)/lib/rustlib/src/rust/library"
    [ -f "$src/Cargo.lock" ] || fail "std's source is not at $src (package rust-web-src)"

    # 2. std for wasm32, once per compiler version.
    stamp="$WASM_SYSROOT/built"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$("$WASM_RUSTC" -vV)" ]; then
        echo "wasm32 std present: $WASM_SYSROOT (rustc $WASM_RUSTC_RELEASE)"
    else
        echo "building std for $WASM_TARGET with rustc $WASM_RUSTC_RELEASE into $WASM_SYSROOT"
        work="$WASM_REPO/target/wasm-sysroot/build-$WASM_RUSTC_RELEASE"
        mkdir -p "$work/src"
        # An empty crate of its own workspace: building it builds std, panic_abort and test.
        printf '[package]\nname = "wasm-sysroot"\nversion = "0.0.0"\nedition = "2021"\n\n[workspace]\n' > "$work/Cargo.toml"
        : > "$work/src/lib.rs"
        # The only unstable step (RUSTC_BOOTSTRAP, -Z build-std); bitcode is embedded so that
        # release builds with LTO can use this std.
        (cd "$work" && RUSTC="$WASM_RUSTC" RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$work/target" \
            RUSTFLAGS="-C embed-bitcode=yes" CARGO_ENCODED_RUSTFLAGS="" \
            "$WASM_CARGO" build -q --release --target "$WASM_TARGET" -Z build-std=std,panic_abort,test) ||
            fail "building std for $WASM_TARGET failed"
        rm -rf "$WASM_SYSROOT"
        mkdir -p "$WASM_SYSROOT_LIB"
        find "$work/target/$WASM_TARGET/release/deps" -name '*.rlib' ! -name 'libwasm_sysroot-*' \
            -exec cp {} "$WASM_SYSROOT_LIB/" \;
        ls "$WASM_SYSROOT_LIB"/libstd-*.rlib > /dev/null 2>&1 || fail "no libstd in $WASM_SYSROOT_LIB"
        "$WASM_RUSTC" -vV > "$stamp"
        rm -rf "$work"
    fi
fi

# 3. wasm-bindgen at Cargo.lock's wasm-bindgen version, from tools/wasm-bindgen (pinned by its
#    own lock file; `cargo install wasm-bindgen-cli --locked` fails on a crate its published lock
#    file names and the index has since yanked, and builds a test runner we do not use).
[ -n "$WASM_BINDGEN_VERSION" ] || fail "no wasm-bindgen in Cargo.lock"
tool_version=$(sed -n 's/^version = "\(.*\)"$/\1/p' tools/wasm-bindgen/Cargo.toml | head -1)
[ "$tool_version" = "$WASM_BINDGEN_VERSION" ] ||
    fail "tools/wasm-bindgen is $tool_version but Cargo.lock's wasm-bindgen is $WASM_BINDGEN_VERSION: update tools/wasm-bindgen (Cargo.toml, then cargo update there)"
have=""
if [ -x "$WASM_TOOLS/bin/wasm-bindgen" ]; then
    have=$("$WASM_TOOLS/bin/wasm-bindgen" --version | awk '{print $2}')
fi
if [ "$have" = "$WASM_BINDGEN_VERSION" ]; then
    echo "wasm-bindgen $have present: $WASM_TOOLS/bin"
else
    echo "installing wasm-bindgen $WASM_BINDGEN_VERSION from tools/wasm-bindgen into $WASM_TOOLS (was: ${have:-none})"
    started=$SECONDS
    # With the host toolchain (rustup's), not the wasm environment; its own target folder.
    cargo install -q --locked --force --path tools/wasm-bindgen --root "$WASM_TOOLS" \
        --target-dir target/wasm-tools-build ||
        fail "cargo install --path tools/wasm-bindgen failed"
    have=$("$WASM_TOOLS/bin/wasm-bindgen" --version | awk '{print $2}')
    [ "$have" = "$WASM_BINDGEN_VERSION" ] || fail "wasm-bindgen is $have, not $WASM_BINDGEN_VERSION"
    echo "installed wasm-bindgen $have in $((SECONDS - started)) s"
fi
