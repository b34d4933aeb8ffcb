//! Percentages as reports write them (a leaf: every format uses it).

/// A fraction as a percentage's number: `0.1` as `10`, `0.125` as `12.5`.
pub(crate) fn percent_text(fraction: f64) -> String {
    let value = (fraction * 1000.0).round() / 10.0;
    if value.fract() == 0.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.1}")
    }
}
