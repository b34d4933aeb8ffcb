//! `minimax sample`: the hidden positions `grade --sample N --per-student` gives each student,
//! drawn again for the instructor (one student's set, or the class's manifest).

use super::rules::RulesArgs;
use super::{Error, Exit, Size};
use crate::class::course::CourseRules;
use crate::class::manifest::{manifest, Row};
use crate::class::variants::{student_id, Variants};
use crate::class::GradeError;
use crate::intake;
use clap::{ArgGroup, Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum ManifestFormat {
    Table,
    Json,
    Csv,
}

#[derive(Debug, Args)]
#[command(group(ArgGroup::new("who").required(true).args(["student", "submissions"])))]
pub(crate) struct SampleArgs {
    /// The student's id, as grading keys it: Moodle's participant id, else the folder's or
    /// archive's name (may be repeated).
    #[arg(long, value_name = "ID")]
    pub(crate) student: Vec<String>,
    /// Every student of this class (as `grade --submissions` reads it): the manifest.
    #[arg(long, value_name = "DIR")]
    pub(crate) submissions: Option<PathBuf>,
    /// Hidden positions per student, as given to `grade --sample N --per-student`.
    #[arg(long, value_name = "N")]
    pub(crate) sample: usize,
    /// The board of the sets, COLSxROWS, as given to `grade --size` (default 3x3).
    #[arg(long, value_name = "COLSxROWS")]
    pub(crate) size: Option<Size>,
    #[command(flatten)]
    pub(crate) rules: RulesArgs,
    /// The course file whose [sample] secret draws the sets (else MINIMAX_COURSE_SECRET).
    #[arg(long, value_name = "FILE")]
    pub(crate) course: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = ManifestFormat::Table)]
    pub(crate) format: ManifestFormat,
}

pub(crate) fn sample(args: &SampleArgs, stdout: &mut dyn Write) -> Result<Exit, Error> {
    let rules = args.course.as_deref().map(CourseRules::read).transpose()?;
    let secret = rules.as_ref().and_then(|r| r.course.sample.secret.as_deref());
    let shape = args.rules.shape(args.size).map_err(Error::SampleBoard)?;
    let variants = Variants::new(secret, shape, args.sample).map_err(GradeError::from)?;
    let mut who: Vec<(String, String)> = args.student.iter().map(|id| (id.clone(), id.clone())).collect();
    if let Some(dir) = &args.submissions {
        let class = intake::open(dir, &intake::mail::MailOptions::default())
            .map_err(GradeError::from)?
            .class;
        who.extend(
            class
                .students
                .iter()
                .map(|s| (student_id(s).to_string(), s.name.clone())),
        );
    }
    let rows = manifest(&variants, &who);
    match args.format {
        ManifestFormat::Table => {
            let plan: Vec<String> = variants
                .plan()
                .iter()
                .map(|(stratum, n)| format!("{n} {stratum}"))
                .collect();
            writeln!(stdout, "every set: {}", plan.join(", "))?;
            table(&rows, stdout)?;
        }
        ManifestFormat::Json => json(&rows, stdout)?,
        ManifestFormat::Csv => csv(&rows, stdout)?,
    }
    Ok(Exit::Success)
}

fn table(rows: &[Row], stdout: &mut dyn Write) -> std::io::Result<()> {
    for row in rows {
        writeln!(
            stdout,
            "{}  {}  {}  optimal: {}",
            crate::escape::escape_text(&row.id),
            row.position,
            row.stratum,
            row.optimal.join(", ")
        )?;
    }
    Ok(())
}

fn json(rows: &[Row], stdout: &mut dyn Write) -> std::io::Result<()> {
    let listed: Vec<serde_json::Value> = rows
        .iter()
        .map(|row| {
            serde_json::json!({
                "id": row.id,
                "student": row.student,
                "position": row.position,
                "stratum": row.stratum,
                "optimal": row.optimal,
            })
        })
        .collect();
    let manifest = serde_json::json!({ "version": crate::class::version(), "positions": listed });
    writeln!(
        stdout,
        "{}",
        serde_json::to_string_pretty(&manifest).map_err(std::io::Error::other)?
    )
}

fn csv(rows: &[Row], stdout: &mut dyn Write) -> std::io::Result<()> {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    let mut write = || -> Result<(), ::csv::Error> {
        writer.write_record(["id", "student", "position", "stratum", "optimal"])?;
        for row in rows {
            let cells = [
                &row.id,
                &row.student,
                &row.position,
                &row.stratum,
                &row.optimal.join(" | "),
            ];
            writer.write_record(cells.map(|cell| crate::escape::csv_cell(cell)))?;
        }
        Ok(())
    };
    write().map_err(std::io::Error::other)?;
    stdout.write_all(
        &writer
            .into_inner()
            .map_err(|e| std::io::Error::other(e.to_string()))?,
    )
}
