//! The transcendental functions every picture's coordinates go through, the same bits on
//! every platform.
//!
//! `f64::sin`, `cos`, `atan2`, `hypot` and the like call the platform's C library (glibc,
//! musl, macOS's, or Rust's own port in WebAssembly), whose last bits differ; a coordinate
//! printed to a few decimals then sometimes rounds the other way, and the same seed gives
//! another file. Here they all come from one pure-Rust implementation (the `libm` crate,
//! a port of musl's), so outputs are byte for byte the same natively and in the browser.
//! Exact operations (`+`, `*`, `/`, `sqrt`, `floor`, ...) need no such care.

/// The sine of `x` (radians).
#[inline]
pub fn sin(x: f64) -> f64 {
    libm::sin(x)
}

/// The cosine of `x` (radians).
#[inline]
pub fn cos(x: f64) -> f64 {
    libm::cos(x)
}

/// The tangent of `x` (radians).
#[inline]
pub fn tan(x: f64) -> f64 {
    libm::tan(x)
}

/// The arc cosine of `x`, in radians.
#[inline]
pub fn acos(x: f64) -> f64 {
    libm::acos(x)
}

/// The angle of the point `(x, y)` from the positive x axis, in radians (-π to π).
#[inline]
pub fn atan2(y: f64, x: f64) -> f64 {
    libm::atan2(y, x)
}

/// `sqrt(x² + y²)` without undue overflow.
#[inline]
pub fn hypot(x: f64, y: f64) -> f64 {
    libm::hypot(x, y)
}

/// `e` to the power `x`.
#[inline]
pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}

/// The base-10 logarithm of `x`.
#[inline]
pub fn log10(x: f64) -> f64 {
    libm::log10(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_functions_are_the_ones_named() {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(close(sin(std::f64::consts::FRAC_PI_6), 0.5));
        assert!(close(cos(std::f64::consts::FRAC_PI_3), 0.5));
        assert!(close(tan(std::f64::consts::FRAC_PI_4), 1.0));
        assert!(close(acos(0.0), std::f64::consts::FRAC_PI_2));
        assert!(close(atan2(1.0, -1.0), 3.0 * std::f64::consts::FRAC_PI_4));
        assert!(close(hypot(3.0, 4.0), 5.0));
        assert!(close(exp(1.0), std::f64::consts::E));
        assert!(close(log10(1000.0), 3.0));
    }
}
