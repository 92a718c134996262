# shellcheck shell=bash
# The WebAssembly build's environment, sourced (not run) by scripts/install-wasm.sh,
# scripts/build-wasm.sh and scripts/test-wasm.sh. rustup cannot download the
# wasm32-unknown-unknown standard library here, so the wasm build uses Debian's rustc-web
# compiler with a standard library built from its source once per compiler version into a
# private sysroot (scripts/install-wasm.sh); every build after that uses stable flags only.
# Where rustup can add the target, its toolchain is used instead.
#
# Sets WASM_ROUTE, WASM_RUSTC, WASM_CARGO, WASM_RUSTC_RELEASE (its version, empty while it is
# not installed), WASM_SYSROOT, WASM_TOOLS (the project-local wasm-bindgen, from tools/wasm-bindgen),
# WASM_BINDGEN_VERSION (Cargo.lock's) and, through wasm_env_export, the variables cargo
# reads. Paths are under the repository's target/ folder.

WASM_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WASM_TARGET=wasm32-unknown-unknown
# Two routes (WASM_ROUTE). "rustup": the default toolchain already has the wasm32 standard
# library (`rustup target add wasm32-unknown-unknown` worked: a machine with the internet,
# a GitHub runner). "debian": Debian bookworm's rustc-web and cargo-web, which install the
# compiler as /usr/bin/rustc and /usr/bin/cargo (rustup's proxies in ~/.cargo/bin usually
# come first on PATH), with a std built here. MAZE_WASM_ROUTE=debian forces the second.
wasm_rustup_has_target() {
    command -v rustup > /dev/null 2>&1 &&
        rustup target list --installed 2> /dev/null | grep -qx "$WASM_TARGET"
}
if [ "${MAZE_WASM_ROUTE:-}" != debian ] && wasm_rustup_has_target; then
    WASM_ROUTE=rustup
    WASM_RUSTC=$(rustup which rustc)
    WASM_CARGO=$(rustup which cargo)
else
    WASM_ROUTE=debian
    WASM_RUSTC=/usr/bin/rustc
    WASM_CARGO=/usr/bin/cargo
fi
WASM_RUSTC_RELEASE=""
if [ -x "$WASM_RUSTC" ]; then
    WASM_RUSTC_RELEASE=$("$WASM_RUSTC" -vV | sed -n 's/^release: //p')
fi
WASM_SYSROOT="$WASM_REPO/target/wasm-sysroot/$WASM_RUSTC_RELEASE"
WASM_SYSROOT_LIB="$WASM_SYSROOT/lib/rustlib/$WASM_TARGET/lib"
WASM_TOOLS="$WASM_REPO/target/wasm-tools"
# wasm-bindgen (tools/wasm-bindgen) must be exactly the version of the wasm-bindgen crate the module uses.
WASM_BINDGEN_VERSION=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' "$WASM_REPO/Cargo.lock")

# Exports what cargo needs to build for wasm32 with Debian's compiler and the private
# sysroot: its own target folder (the two compilers' artefacts must not mix), the sysroot
# for the wasm target only (host build scripts and proc macros use Debian's own std), and
# the project-local wasm-bindgen on PATH.
wasm_env_export() {
    export RUSTC="$WASM_RUSTC"
    export CARGO_TARGET_DIR="$WASM_REPO/target/wasm"
    # A RUSTFLAGS set elsewhere would replace the per-target flags below.
    unset RUSTFLAGS CARGO_ENCODED_RUSTFLAGS
    if [ "$WASM_ROUTE" = debian ]; then
        export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--sysroot $WASM_SYSROOT"
    else
        unset CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS
    fi
    export PATH="$WASM_TOOLS/bin:$PATH"
}
