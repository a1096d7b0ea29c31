//! Zone names as people write them, read into the database's canonical
//! name with a warning wherever the name given may not mean what it seems:
//! an alias (`US/Eastern`), a fixed offset that looks like a region's time
//! (`EST`), the reversed sign of `Etc/GMT+5`, a Windows name (`W. Europe
//! Standard Time`, native builds only). An unknown name gets the closest
//! known one as "did you mean".

use jiff::tz::TimeZone;

use crate::error::{Error, ErrorCode};
use crate::lang::{Text, errors, notes};
use crate::note::Warning;

/// A zone found by name: the zone, its canonical name and what to warn about.
#[derive(Clone, Debug)]
pub(crate) struct Named {
    pub(crate) tz: TimeZone,
    /// The primary IANA name (ECMA-402's canonical identifier).
    pub(crate) name: &'static str,
    /// Why a name that was accepted deserves a second look:
    /// `zone_alias`, `fixed_offset_zone`, `reversed_sign_zone` or
    /// `windows_zone`.
    pub(crate) warnings: Vec<Warning>,
}

/// The zones that are a fixed offset under a region-like abbreviation, with
/// the zone people usually mean by it. (tzdb keeps `EST`, `MST` and `HST`
/// for compatibility; `EST5EDT` and friends are aliases of real zones.)
const FIXED_ABBREVIATIONS: &[(&str, &str, &str)] = &[
    ("EST", "-05:00", "America/New_York"),
    ("MST", "-07:00", "America/Denver"),
    ("HST", "-10:00", "Pacific/Honolulu"),
];

/// Looks `name` up: an IANA name or alias (ASCII case ignored), `UTC`, or
/// on native builds a Windows zone name.
pub(crate) fn lookup(name: &str) -> Result<Named, Error> {
    // Fixed offsets and POSIX strings are not zones: a schedule needs a name
    // whose rules can change with the tz database.
    let plausible = !name.is_empty()
        && name.len() <= 64
        && !name.starts_with(['+', '-'])
        && !name.contains(',');
    let mut warnings = Vec::new();
    let found = plausible
        .then(|| crate::tzdb::spelling_and_primary(name))
        .flatten()
        .or_else(|| {
            let iana = windows(name)?;
            let (spelling, primary) = crate::tzdb::spelling_and_primary(iana)?;
            warnings.push(Warning::new(
                "windows_zone",
                Text::new(notes::ZONE_WINDOWS)
                    .with("name", name)
                    .with("primary", primary),
            ));
            Some((spelling, primary))
        });
    let Some((spelling, primary)) = found else {
        return Err(unknown(name));
    };
    let tz = crate::tzdb::get(primary).ok_or_else(|| unknown(name))?;
    if warnings.is_empty() {
        warnings.extend(alias_warning(name, spelling, primary));
    }
    warnings.extend(fixed_warning(spelling));
    Ok(Named {
        tz,
        name: primary,
        warnings,
    })
}

fn unknown(name: &str) -> Error {
    let message = match suggest(name) {
        Some(zone) => Text::new(errors::ZONE_DID_YOU_MEAN).with("zone", zone),
        None => Text::new(errors::ZONE_UNKNOWN),
    };
    Error::new(ErrorCode::UnknownTimeZone, message.with("name", name)).with_field("timeZone")
}

fn alias_warning(given: &str, spelling: &str, primary: &str) -> Option<Warning> {
    (spelling != primary).then(|| {
        Warning::new(
            "zone_alias",
            Text::new(notes::ZONE_ALIAS)
                .with("given", given)
                .with("primary", primary),
        )
    })
}

fn fixed_warning(spelling: &str) -> Option<Warning> {
    if let Some((abbr, offset, region)) = FIXED_ABBREVIATIONS.iter().find(|f| f.0 == spelling) {
        return Some(Warning::new(
            "fixed_offset_zone",
            Text::new(notes::ZONE_FIXED)
                .with("abbr", *abbr)
                .with("offset", *offset)
                .with("region", *region),
        ));
    }
    // `Etc/GMT+5` is five hours west of Greenwich: UTC-05:00.
    let hours = spelling.strip_prefix("Etc/GMT")?;
    let (named, n) = (hours.chars().next()?, hours.get(1..)?);
    let actual = match named {
        '+' => '-',
        '-' => '+',
        _ => return None,
    };
    if n == "0" {
        return None;
    }
    Some(Warning::new(
        "reversed_sign_zone",
        Text::new(notes::ZONE_REVERSED)
            .with("spelling", spelling)
            .with("actual", format!("{actual}{n:0>2}:00"))
            .with("named", format!("{named}{n:0>2}:00"))
            .with("fix", format!("Etc/GMT{actual}{n}")),
    ))
}

/// CLDR's IANA zone for a Windows zone name (ASCII case ignored).
#[cfg(not(target_arch = "wasm32"))]
fn windows(name: &str) -> Option<&'static str> {
    super::windows::WINDOWS_TO_IANA
        .iter()
        .find(|(w, _)| w.eq_ignore_ascii_case(name.trim()))
        .map(|(_, iana)| *iana)
}

/// The page's package leaves the Windows table out (it would cost more
/// than its size budget allows); Windows names are unknown there.
#[cfg(target_arch = "wasm32")]
fn windows(_name: &str) -> Option<&'static str> {
    None
}

/// The known name closest to `name`: one whose letters and digits equal or
/// end with the given ones (`new york` → `America/New_York`), else the
/// smallest edit distance to the whole name or to its last part
/// (`Europe/Londn`, `Londn` → `Europe/London`), within a third of the
/// length. Suggests canonical names only.
fn suggest(name: &str) -> Option<&'static str> {
    let squash = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    let want = squash(name);
    if want.len() < 3 || name.len() > 64 {
        return None;
    }
    let names = crate::tzdb::names();
    let canonical = |n: &str| crate::tzdb::spelling_and_primary(n).map(|(_, p)| p);
    if let Some(hit) = names.iter().find(|n| {
        let have = squash(n);
        have == want || have.ends_with(&want)
    }) {
        return canonical(hit);
    }
    let lower = name.to_ascii_lowercase();
    let budget = (lower.len() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for n in names {
        let have = n.to_ascii_lowercase();
        let last = have.rsplit('/').next().unwrap_or(&have);
        let given_last = lower.rsplit('/').next().unwrap_or(&lower);
        let d = strsim::levenshtein(&lower, &have).min(if lower.contains('/') {
            usize::MAX
        } else {
            strsim::levenshtein(given_last, last)
        });
        if d <= budget && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, n));
        }
    }
    canonical(best?.1)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_name_has_a_primary_that_is_its_own_primary() {
        for name in crate::tzdb::names() {
            let (_, primary) = crate::tzdb::spelling_and_primary(name).unwrap();
            let (_, again) = crate::tzdb::spelling_and_primary(primary).unwrap();
            assert_eq!(primary, again, "{name}");
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn every_windows_name_maps_to_a_known_zone() {
        for (windows, iana) in super::super::windows::WINDOWS_TO_IANA {
            // `UTC` is both a Windows and an IANA name.
            if crate::tzdb::spelling_and_primary(windows).is_some() {
                continue;
            }
            let named = super::lookup(windows).unwrap_or_else(|e| panic!("{windows}: {e}"));
            assert_eq!(
                named.name,
                crate::tzdb::spelling_and_primary(iana).unwrap().1
            );
            assert_eq!(named.warnings[0].code(), "windows_zone");
        }
    }
}
