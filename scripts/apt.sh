# shellcheck shell=bash
# Sourced by the install scripts: Debian package installs that wait for a busy package
# manager instead of failing at once ("Could not get lock ... held by process ..."), and
# retry the package lists once (a mirror can fail a fetch). Runs as root, or through
# password-less sudo; the caller checks which first.
#
#   apt_install PACKAGE...
apt_install() {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
    # Wait up to 10 minutes for another apt or dpkg (an unattended upgrade, a second test
    # run) to let go of the lock.
    local wait=(-o DPkg::Lock::Timeout=600)
    export DEBIAN_FRONTEND=noninteractive
    local start=$SECONDS
    $sudo apt-get "${wait[@]}" update -qq || {
        echo "apt-get update failed; trying once more in 10 s" >&2
        sleep 10
        $sudo apt-get "${wait[@]}" update -qq
    }
    $sudo apt-get "${wait[@]}" install -y -qq --no-install-recommends "$@" > /dev/null
    echo "installed $* ($((SECONDS - start)) s)"
}
