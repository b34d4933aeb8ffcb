//! Durations on the command line: a number and a unit (`2s`, `500ms`, `1.5s`, `2m`), or a
//! bare number in the flag's own unit, as before units were accepted (`--time-limit 500`
//! is milliseconds, `--timeout 5` seconds), so that scripts keep working.

use std::time::Duration;

/// The units a duration may be written in, each with its length in seconds. Longest first
/// where one is a prefix of another's ending (`ms` before `s`).
const UNITS: &[(&str, f64)] = &[
    ("ms", 1e-3),
    ("s", 1.0),
    ("sec", 1.0),
    ("m", 60.0),
    ("min", 60.0),
    ("h", 3600.0),
];

/// The forms a duration may take, for messages.
const FORMS: &str = "such as 500ms, 2s, 1.5s or 2m";

/// A duration flag that does not read (clap says which flag).
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum DurationError {
    /// `bare` names the flag's unit for a bare number.
    #[error("`{given}` is not a duration: write one {forms} (a bare number is {bare})", forms = FORMS)]
    Unreadable { given: String, bare: &'static str },
    #[error("`{given}` is not a duration of 0 or more that fits ({forms})", forms = FORMS)]
    OutOfRange { given: String },
}

/// `text` in seconds, a bare number counting `bare` seconds a unit; the reason when it is
/// not a number followed by one of [`UNITS`]. The amount is not checked (it may be 0,
/// negative or not finite): each flag says what range it takes.
fn seconds(text: &str, bare: f64, bare_name: &'static str) -> Result<f64, DurationError> {
    let trimmed = text.trim();
    let split = trimmed
        .find(|c: char| c.is_ascii_alphabetic() && c != 'e' && c != 'E')
        .filter(|_| !trimmed.eq_ignore_ascii_case("nan") && !trimmed.to_ascii_lowercase().contains("inf"))
        .unwrap_or(trimmed.len());
    let (number, unit) = trimmed.split_at(split);
    let scale = match unit.trim() {
        "" => Some(bare),
        unit => UNITS
            .iter()
            .find(|(name, _)| *name == unit)
            .map(|&(_, scale)| scale),
    };
    let unreadable = || DurationError::Unreadable {
        given: text.to_string(),
        bare: bare_name,
    };
    let scale = scale.ok_or_else(unreadable)?;
    let amount: f64 = number.trim().parse().map_err(|_| unreadable())?;
    Ok(amount * scale)
}

/// `--timeout` and `--build-timeout`: seconds, a bare number counting seconds.
pub(crate) fn seconds_flag(text: &str) -> Result<f64, DurationError> {
    seconds(text, 1.0, "seconds")
}

/// `--time-limit`: a duration of at least 0, a bare number counting milliseconds.
pub(crate) fn milliseconds_flag(text: &str) -> Result<Duration, DurationError> {
    let amount = seconds(text, 1e-3, "milliseconds")?;
    Duration::try_from_secs_f64(amount).map_err(|_| DurationError::OutOfRange {
        given: text.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_numbers_keep_each_flags_old_unit() {
        assert_eq!(milliseconds_flag("500"), Ok(Duration::from_millis(500)));
        assert_eq!(seconds_flag("5"), Ok(5.0));
        assert_eq!(seconds_flag("0.5"), Ok(0.5));
    }

    #[test]
    fn every_unit_of_the_table_is_read() {
        for (text, seconds) in [
            ("500ms", 0.5),
            ("2s", 2.0),
            ("1.5s", 1.5),
            ("2 s", 2.0),
            ("3sec", 3.0),
            ("2m", 120.0),
            ("1min", 60.0),
            ("1h", 3600.0),
            (" 250ms ", 0.25),
        ] {
            assert_eq!(seconds_flag(text), Ok(seconds), "{text}");
            assert_eq!(
                milliseconds_flag(text),
                Ok(Duration::from_secs_f64(seconds)),
                "{text}"
            );
        }
    }

    #[test]
    fn a_bad_duration_says_which_forms_are_accepted_and_what_a_bare_number_means() {
        for text in ["2x", "s", "", "fast", "1.5.2s", "2 ms s"] {
            let why = milliseconds_flag(text).unwrap_err().to_string();
            assert!(why.contains("such as 500ms, 2s, 1.5s or 2m"), "{text}: {why}");
            assert!(why.contains("a bare number is milliseconds"), "{text}: {why}");
        }
        assert!(seconds_flag("2x")
            .unwrap_err()
            .to_string()
            .contains("a bare number is seconds"));
    }

    #[test]
    fn amounts_out_of_range_are_left_to_the_flag_or_refused_when_they_cannot_be_a_time() {
        // The grader's own range check words these, as it always has.
        assert!(seconds_flag("NaN").unwrap().is_nan());
        assert_eq!(seconds_flag("1e20"), Ok(1e20));
        assert_eq!(seconds_flag("-1s"), Ok(-1.0));
        for text in ["-5", "NaN", "inf", "1e30s"] {
            assert!(milliseconds_flag(text).is_err(), "{text}");
        }
    }
}
