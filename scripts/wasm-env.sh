# shellcheck shell=bash
# The WebAssembly build's environment, sourced (not run) by scripts/install-wasm.sh,
# scripts/build-wasm.sh and scripts/test-wasm.sh. rustup cannot download the
# wasm32-unknown-unknown standard library here, so the wasm build uses Debian's rustc-web
# compiler with a standard library built from its source once per compiler version into a
# private sysroot (scripts/install-wasm.sh); every build after that uses stable flags only.
#
# Sets WASM_RUSTC, WASM_CARGO (Debian's), WASM_RUSTC_RELEASE (its version, empty while it is
# not installed), WASM_SYSROOT, WASM_TOOLS (the project-local wasm-bindgen-cli install),
# WASM_BINDGEN_VERSION (Cargo.lock's) and, through wasm_env_export, the variables cargo
# reads. Paths are under the repository's target/ folder.

WASM_REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Debian bookworm's rustc-web and cargo-web install the compiler as /usr/bin/rustc and
# /usr/bin/cargo (rustup's proxies in ~/.cargo/bin usually come first on PATH).
WASM_RUSTC=/usr/bin/rustc
WASM_CARGO=/usr/bin/cargo
WASM_TARGET=wasm32-unknown-unknown
WASM_RUSTC_RELEASE=""
if [ -x "$WASM_RUSTC" ]; then
    WASM_RUSTC_RELEASE=$("$WASM_RUSTC" -vV | sed -n 's/^release: //p')
fi
WASM_SYSROOT="$WASM_REPO/target/wasm-sysroot/$WASM_RUSTC_RELEASE"
WASM_SYSROOT_LIB="$WASM_SYSROOT/lib/rustlib/$WASM_TARGET/lib"
WASM_TOOLS="$WASM_REPO/target/wasm-tools"
# wasm-bindgen-cli must be exactly the version of the wasm-bindgen crate the module uses.
WASM_BINDGEN_VERSION=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' "$WASM_REPO/Cargo.lock")

# Exports what cargo needs to build for wasm32 with Debian's compiler and the private
# sysroot: its own target folder (the two compilers' artefacts must not mix), the sysroot
# for the wasm target only (host build scripts and proc macros use Debian's own std), and
# wasm-bindgen-test-runner as the runner of wasm test binaries (tests run in Node.js).
wasm_env_export() {
    export RUSTC="$WASM_RUSTC"
    export CARGO_TARGET_DIR="$WASM_REPO/target/wasm"
    # A RUSTFLAGS set elsewhere would replace the per-target flags below.
    unset RUSTFLAGS CARGO_ENCODED_RUSTFLAGS
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--sysroot $WASM_SYSROOT"
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER="$WASM_TOOLS/bin/wasm-bindgen-test-runner"
    export PATH="$WASM_TOOLS/bin:$PATH"
}
