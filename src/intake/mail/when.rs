//! Times of mail: the deadline as the course writes it, and a mail's date as notes show it.

/// Why a deadline cannot be read: the grader's set-up.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("deadline `{given}`: {why}; write it with its zone, as in 2016-03-23 23:59:59 -06:00")]
pub struct DeadlineError {
    given: String,
    why: &'static str,
}

/// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let yoe = year - era * 400;
    let doy = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date and time (year, month, day, hour, minute) of a Unix time (Howard Hinnant's
/// algorithm); add a zone's offset first to see it there.
pub(crate) fn civil(seconds: i64) -> (i64, i64, i64, i64, i64) {
    let days = seconds.div_euclid(86_400);
    let of_day = seconds.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day, of_day / 3600, of_day % 3600 / 60)
}

/// A Unix time as `2016-03-24 03:17 -06:00`, at the zone the mail was written in.
pub(crate) fn show(seconds: i64, offset: i64) -> String {
    let (year, month, day, hour, minute) = civil(seconds + offset);
    let sign = if offset < 0 { '-' } else { '+' };
    let offset = offset.abs();
    format!(
        "{year:04}-{month:02}-{day:02} {hour:02}:{minute:02} {sign}{:02}:{:02}",
        offset / 3600,
        offset % 3600 / 60
    )
}

/// `--deadline` or the course's `deadline`: `YYYY-MM-DD HH:MM[:SS] ±HH:MM` (or `T` between,
/// `Z`, `±HHMM`), as Unix time and the zone it was written in. The zone is required: a
/// deadline read in the wrong zone makes a whole class late.
pub(crate) fn deadline(given: &str) -> Result<(i64, i64), DeadlineError> {
    let bad = |why| DeadlineError {
        given: given.to_string(),
        why,
    };
    let text = given.trim();
    let number = |s: &str| s.parse::<i64>().map_err(|_| bad("not a date and time"));
    let (date, rest) = text.split_at(text.find(['T', ' ']).ok_or_else(|| bad("no time of day"))?);
    let rest = rest[1..].trim_start();
    let mut date_parts = date.split('-');
    let (Some(y), Some(m), Some(d), None) = (
        date_parts.next(),
        date_parts.next(),
        date_parts.next(),
        date_parts.next(),
    ) else {
        return Err(bad("the date is not YYYY-MM-DD"));
    };
    let (year, month, day) = (number(y)?, number(m)?, number(d)?);
    let zone_at = rest.find(['Z', '+', '-', ' ']).ok_or_else(|| bad("no zone"))?;
    let (time, zone) = (rest[..zone_at].trim(), rest[zone_at..].trim());
    let mut time_parts = time.split(':');
    let hour = number(time_parts.next().unwrap_or_default())?;
    let minute = number(time_parts.next().ok_or_else(|| bad("the time is not HH:MM"))?)?;
    let second = time_parts.next().map_or(Ok(0), number)?;
    let offset = match zone {
        "Z" | "UTC" => 0,
        "" => return Err(bad("no zone")),
        zone => {
            let sign = if zone.starts_with('-') { -1 } else { 1 };
            let digits: String = zone[1..].chars().filter(char::is_ascii_digit).collect();
            if digits.len() != 4 || !(zone.starts_with('+') || zone.starts_with('-')) {
                return Err(bad("the zone is not ±HH:MM"));
            }
            sign * (number(&digits[..2])? * 3600 + number(&digits[2..])? * 60)
        }
    };
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 || second > 60 {
        return Err(bad("out of range"));
    }
    let local = days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second;
    Ok((local - offset, offset))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_need_their_zone_and_read_back_as_written() {
        let (at, offset) = deadline("2016-03-23 23:59:59 -06:00").unwrap();
        assert_eq!(at, 1_458_799_199);
        assert_eq!(show(at, offset), "2016-03-23 23:59 -06:00");
        assert_eq!(deadline("2016-03-24T05:59:59Z").unwrap().0, at);
        assert_eq!(deadline("2016-03-23 23:59:59-0600").unwrap().0, at);
        for bad in [
            "2016-03-23 23:59:59",
            "mañana",
            "2016-13-01 00:00 Z",
            "2016-03-23",
        ] {
            assert!(deadline(bad).is_err(), "{bad}");
        }
    }
}
