//! `grade --sample N --per-student`: each student's hidden positions drawn from a key of their
//! own, HMAC-SHA256 of the course's secret and the student's id, so that a set seen by one
//! student tells the class nothing, and the instructor can draw any student's set again
//! (`minimax sample --student ID`) on any machine.
//!
//! The student's id is the one the intake gives: Moodle's participant id when the download
//! has one, else the folder's (or archive's) name, which is what Canvas and a plain class
//! folder key students by. The secret never leaves this module: reports get the positions,
//! never the key nor what it is made of.
//!
//! On boards other than 3x3 the class shares one pool of positions, drawn from a key of the
//! secret and the board and solved once per class (in parallel, a few seconds at most on
//! 5x5); each student's set is drawn from it by their own key (core's `variants`).

use crate::intake::{Class, Student};
use hmac::{Hmac, KeyInit, Mac};
use minimax_core::exercises::variants::{self, Pool, Stratum, VariantError};
use minimax_core::exercises::Exercise;
use minimax_core::games::mnk::{Position, Shape};
use rayon::prelude::*;
use sha2::Sha256;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The environment variable that holds the course's secret when the course file does not.
pub(crate) const SECRET_VARIABLE: &str = "MINIMAX_COURSE_SECRET";

/// The fewest bytes a secret may have: a short one could be found by trying.
const SHORTEST_SECRET: usize = 16;

/// Why sets per student cannot be drawn: the grader's set-up, never a student's grade.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("positions per student need the course's secret, and there is none: set {SECRET_VARIABLE} (for instance `export {SECRET_VARIABLE}=$(head -c 24 /dev/urandom | base64)`, kept with the course's files) or write `secret` under [sample] in the course file (a file only you can read)")]
    Missing,
    #[error("the course's secret has {0} bytes; give it at least {SHORTEST_SECRET} (`head -c 24 /dev/urandom | base64`) so that nobody can find it by trying")]
    Short(usize),
    #[error(transparent)]
    Draw(#[from] VariantError),
    #[error("{}: {why}; Gradescope writes the submission's metadata there (users: [{{email, id, name, sid}}]), and positions per student are drawn from the student's id in it", .path.display())]
    Metadata {
        path: std::path::PathBuf,
        #[source]
        why: MetadataProblem,
    },
}

/// What is wrong with Gradescope's `submission_metadata.json`.
#[derive(Debug, thiserror::Error)]
pub enum MetadataProblem {
    #[error("{0}")]
    Unreadable(#[source] std::io::Error),
    #[error("longer than {LONGEST_METADATA} bytes")]
    TooLong,
    #[error("not JSON: {0}")]
    NotJson(#[source] serde_json::Error),
    #[error("no \"users\" list with a user in it")]
    NoUsers,
    #[error("its first user has no sid, email or name")]
    NoId,
}

/// The course's secret, the pool the sets are drawn from, and the plan every set follows.
pub(crate) struct Variants {
    secret: Vec<u8>,
    pool: Cow<'static, Pool>,
    plan: BTreeMap<Stratum, usize>,
}

impl std::fmt::Debug for Variants {
    // The secret is never printed, not even in a debug dump.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Variants")
            .field("pool", &self.pool.len())
            .field("plan", &self.plan)
            .finish_non_exhaustive()
    }
}

/// HMAC-SHA256 of `message` under `secret`: 32 bytes, the seed of a ChaCha draw.
fn keyed(secret: &[u8], message: &[u8]) -> [u8; 32] {
    // HMAC takes a key of any length, so `new_from_slice` cannot fail.
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(secret).expect("HMAC accepts any key length");
    mac.update(message);
    mac.finalize().into_bytes().into()
}

impl Variants {
    /// The secret (from the course file, else from [`SECRET_VARIABLE`]) and the class's plan
    /// for `count` positions on `shape`.
    pub(crate) fn new(secret: Option<&str>, shape: Shape, count: usize) -> Result<Variants, SecretError> {
        let from_env = std::env::var(SECRET_VARIABLE).ok();
        let secret = secret
            .map(str::to_string)
            .or(from_env)
            .filter(|s| !s.trim().is_empty())
            .ok_or(SecretError::Missing)?;
        let secret = secret.trim().as_bytes().to_vec();
        if secret.len() < SHORTEST_SECRET {
            return Err(SecretError::Short(secret.len()));
        }
        let pool = if shape == Shape::CLASSIC {
            Cow::Borrowed(Pool::classic())
        } else {
            Cow::Owned(drawn_pool(&secret, shape))
        };
        // The plan's key names the count: a course that asks for 6 gets another plan than 4.
        let plan_key = keyed(&secret, format!("minimax plan\0{count}").as_bytes());
        let plan = variants::plan(&pool, count, plan_key)?;
        Ok(Variants { secret, pool, plan })
    }

    /// The key of the student whose id is `id`.
    fn student_key(&self, id: &str) -> [u8; 32] {
        keyed(&self.secret, format!("minimax student\0{id}").as_bytes())
    }

    /// The student's hidden positions, each with its stratum.
    pub(crate) fn positions(&self, id: &str) -> Vec<(Position, Stratum)> {
        variants::student_positions(&self.pool, &self.plan, self.student_key(id))
    }

    /// The student's hidden exercises, solved.
    pub(crate) fn exercises(&self, id: &str) -> Vec<Exercise> {
        variants::student_exercises(&self.pool, &self.plan, self.student_key(id))
    }

    /// The plan every set follows: positions per stratum.
    pub(crate) fn plan(&self) -> &BTreeMap<Stratum, usize> {
        &self.plan
    }
}

/// The class's pool on a board other than 3x3: candidates drawn from a key of the secret and
/// the board (its size, k and gravity, so each board has a pool of its own), solved in
/// parallel; the order is the candidates', whatever the threads.
fn drawn_pool(secret: &[u8], shape: Shape) -> Pool {
    let board = format!(
        "{}x{} k{} gravity {}",
        shape.cols, shape.rows, shape.k, shape.gravity
    );
    let pool_key = keyed(secret, format!("minimax pool\0{board}").as_bytes());
    let rules = minimax_core::games::mnk::Rules::of(shape);
    let solved: Vec<_> = variants::candidates(shape, variants::POOL_CANDIDATES, pool_key)
        .into_par_iter()
        .map(|position| variants::classify(rules, position))
        .collect();
    Pool::drawn(shape, solved)
}

/// The most of Gradescope's metadata file read: it holds one submission's details, a few KiB.
const LONGEST_METADATA: u64 = 1 << 20;

/// The student's id in Gradescope's `submission_metadata.json`: the first user's `sid` (the
/// student id the course gave Gradescope), else their `email`, else their `name`; the first
/// non-empty one. A group submission is keyed by its first member, so the group shares a set.
pub(crate) fn gradescope_id(path: &std::path::Path) -> Result<String, SecretError> {
    use std::io::Read;
    let failed = |why: MetadataProblem| SecretError::Metadata {
        path: path.to_path_buf(),
        why,
    };
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(LONGEST_METADATA + 1).read_to_string(&mut text))
        .map_err(|error| failed(MetadataProblem::Unreadable(error)))?;
    if text.len() as u64 > LONGEST_METADATA {
        return Err(failed(MetadataProblem::TooLong));
    }
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|error| failed(MetadataProblem::NotJson(error)))?;
    let user = value
        .get("users")
        .and_then(|users| users.as_array())
        .and_then(|users| users.first())
        .ok_or_else(|| failed(MetadataProblem::NoUsers))?;
    ["sid", "email", "name"]
        .iter()
        .filter_map(|field| user.get(field).and_then(|v| v.as_str()))
        .map(str::trim)
        .find(|id| !id.is_empty())
        .map(str::to_string)
        .ok_or_else(|| failed(MetadataProblem::NoId))
}

/// The id a student's key is made from: the platform's (Moodle's participant id) when the
/// intake gives one, else the name the student is graded under (the folder's or archive's).
pub(crate) fn student_id(student: &Student) -> &str {
    student.id.as_deref().unwrap_or(&student.name)
}

/// Every student's set: the class's visible positions, then their own hidden ones. Each set
/// is drawn from the student alone, so neither the class's order nor the threads change it.
pub(crate) fn sets(class: &Class, visible: &[Exercise], variants: &Variants) -> Vec<Arc<Vec<Exercise>>> {
    class
        .students
        .par_iter()
        .map(|student| {
            let mut set = visible.to_vec();
            set.extend(variants.exercises(student_id(student)));
            Arc::new(set)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "a course secret of some length";

    fn names(variants: &Variants, id: &str) -> Vec<String> {
        variants.exercises(id).into_iter().map(|e| e.name).collect()
    }

    #[test]
    fn a_student_gets_the_same_set_whoever_is_drawn_first() {
        let first = Variants::new(Some(SECRET), Shape::CLASSIC, 5).unwrap();
        let ana = names(&first, "ana");
        let beto = names(&first, "beto");
        let second = Variants::new(Some(SECRET), Shape::CLASSIC, 5).unwrap();
        assert_eq!(names(&second, "beto"), beto);
        assert_eq!(names(&second, "ana"), ana);
        assert_ne!(ana, beto);
        assert_eq!(ana.len(), 5);
    }

    #[test]
    fn another_secret_another_set() {
        let one = Variants::new(Some(SECRET), Shape::CLASSIC, 5).unwrap();
        let other = Variants::new(Some("another course secret, as long"), Shape::CLASSIC, 5).unwrap();
        assert_ne!(names(&one, "ana"), names(&other, "ana"));
    }

    #[test]
    fn a_short_secret_is_refused() {
        assert!(matches!(
            Variants::new(Some("short"), Shape::CLASSIC, 5),
            Err(SecretError::Short(5))
        ));
    }

    fn metadata(text: &str) -> Result<String, SecretError> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("submission_metadata.json");
        std::fs::write(&path, text).unwrap();
        gradescope_id(&path)
    }

    #[test]
    fn gradescopes_metadata_gives_the_sid_else_the_email_else_the_name() {
        let user = |fields: &str| format!(r#"{{"id": 1, "users": [{{{fields}}}], "assignment": {{}}}}"#);
        let id = |fields: &str| metadata(&user(fields)).unwrap();
        assert_eq!(
            id(r#""email": "ana@uni.mx", "id": "7", "name": "Ana", "sid": "A0042""#),
            "A0042"
        );
        assert_eq!(
            id(r#""email": "ana@uni.mx", "name": "Ana", "sid": """#),
            "ana@uni.mx"
        );
        assert_eq!(id(r#""email": null, "name": "Ana", "sid": null"#), "Ana");
    }

    #[test]
    fn metadata_without_a_user_or_not_json_is_refused_with_the_reason() {
        for (text, why) in [
            (r#"{"users": []}"#, "no \"users\" list"),
            ("<html>", "not JSON"),
            (r#"{"users": [{"id": 3}]}"#, "no sid, email or name"),
        ] {
            let error = metadata(text).unwrap_err().to_string();
            assert!(error.contains(why), "{error}");
        }
        let missing = gradescope_id(std::path::Path::new("/nonexistent/submission_metadata.json"))
            .unwrap_err()
            .to_string();
        assert!(
            missing.contains("Gradescope writes the submission's metadata there"),
            "{missing}"
        );
    }

    /// Pinned: the same student's set on any machine (HMAC-SHA256 and ChaCha8 are specified
    /// to the bit; this list was written by one machine and is checked on every other).
    #[test]
    fn the_set_is_pinned_across_machines() {
        let variants = Variants::new(Some(SECRET), Shape::CLASSIC, 4).unwrap();
        insta::assert_debug_snapshot!(names(&variants, "Participante3139"));
    }
}
