//! What the notes on a student's mails say, in the students' language (the course's `lang`,
//! or `--lang`; English without either). What is not graded is for the grader: English.

use minimax_core::figures::exercise_sheet::Lang;

/// The language the notes are written in.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Say(pub(crate) Option<Lang>);

impl Say {
    fn pick<'a>(self, en: &'a str, es: &'a str, pt: &'a str) -> &'a str {
        match self.0 {
            None | Some(Lang::En) => en,
            Some(Lang::Es) => es,
            Some(Lang::Pt) => pt,
        }
    }

    pub(crate) fn and(self) -> &'static str {
        self.pick(" and ", " y ", " e ")
    }

    pub(crate) fn guessed(self, name: &str, address: &str) -> String {
        let (en, es, pt) = (
            "no roster: named after the sender",
            "sin lista de alumnos: nombre tomado del remitente",
            "sem lista de alunos: nome tirado do remetente",
        );
        format!(
            "{} ({name} <{address}>), {}",
            self.pick(en, es, pt),
            self.pick("a guess", "una suposición", "uma suposição")
        )
    }

    pub(crate) fn not_on_roster(self, address: &str, name: &str) -> String {
        let (en, es, pt) = (
            "is not on the roster: named after the sender",
            "no está en la lista de alumnos: nombre tomado del remitente",
            "não está na lista de alunos: nome tirado do remetente",
        );
        format!(
            "{address} {} ({name}), {}",
            self.pick(en, es, pt),
            self.pick("a guess", "una suposición", "uma suposição")
        )
    }

    pub(crate) fn shared(self, address: &str, names: &str, chosen: &str) -> String {
        let (en, es, pt) = (
            "is shared on the roster by",
            "es de varios en la lista de alumnos:",
            "é de vários na lista de alunos:",
        );
        let says = self.pick(
            "the sender's name says",
            "el nombre del remitente dice",
            "o nome do remetente diz",
        );
        format!("{address} {} {names}: {says} {chosen}", self.pick(en, es, pt))
    }

    pub(crate) fn addresses(self, count: usize, list: &str) -> String {
        let (en, es, pt) = (
            "mailed from {} addresses",
            "escribió desde {} direcciones",
            "escreveu de {} endereços",
        );
        format!(
            "{}: {list}",
            self.pick(en, es, pt).replace("{}", &count.to_string())
        )
    }

    pub(crate) fn others(self, count: usize, list: &str, any_graded: bool) -> String {
        let text = match any_graded {
            true => self.pick(
                "{} other mail(s) of the practice",
                "{} correo(s) más de la práctica",
                "{} outro(s) e-mail(s) da prática",
            ),
            false => self.pick(
                "{} mail(s) of the practice, none with an attachment",
                "{} correo(s) de la práctica, ninguno con adjunto",
                "{} e-mail(s) da prática, nenhum com anexo",
            ),
        };
        format!("{}: {list}", text.replace("{}", &count.to_string()))
    }

    pub(crate) fn no_attachment(self) -> &'static str {
        self.pick("no attachment", "sin adjunto", "sem anexo")
    }

    pub(crate) fn earlier(self) -> &'static str {
        self.pick(
            "an earlier hand-in",
            "una entrega anterior",
            "uma entrega anterior",
        )
    }

    pub(crate) fn late_not_graded(self) -> &'static str {
        self.pick(
            "late, not graded",
            "tarde, no calificado",
            "atrasado, não avaliado",
        )
    }

    pub(crate) fn undated(self) -> &'static str {
        self.pick("undated", "sin fecha", "sem data")
    }

    pub(crate) fn graded(self, date: &str, label: &str, subject: &str) -> String {
        let (en, es, pt) = (
            "graded the mail of",
            "se calificó el correo del",
            "avaliado o e-mail de",
        );
        let label = label.replacen("mail ", self.pick("mail ", "correo ", "e-mail "), 1);
        format!("{} {date} ({label}, \"{subject}\")", self.pick(en, es, pt))
    }

    pub(crate) fn late(self, date: &str, seconds: u64) -> String {
        let (en, es, pt) = (
            "mailed {date}, {span} after the deadline",
            "enviado el {date}, {span} después de la fecha límite",
            "enviado em {date}, {span} depois do prazo",
        );
        self.pick(en, es, pt)
            .replace("{date}", date)
            .replace("{span}", &self.span(seconds))
    }

    /// A duration in days, hours and minutes (`1 day 3 h 17 min`).
    pub(crate) fn span(self, seconds: u64) -> String {
        let (days, hours, minutes) = (seconds / 86_400, seconds % 86_400 / 3600, seconds % 3600 / 60);
        let mut words = Vec::new();
        if days > 0 {
            let (one, many) = match self.0 {
                None | Some(Lang::En) => ("day", "days"),
                Some(Lang::Es) => ("día", "días"),
                Some(Lang::Pt) => ("dia", "dias"),
            };
            words.push(format!("{days} {}", if days == 1 { one } else { many }));
        }
        if hours > 0 {
            words.push(format!("{hours} h"));
        }
        if minutes > 0 || words.is_empty() {
            words.push(format!("{minutes} min"));
        }
        words.join(" ")
    }

    pub(crate) fn links(self, url: &str) -> String {
        let (en, es, pt) = (
            "no hand-in: the mail links {url} instead of attaching",
            "no hay entrega: el correo enlaza {url} en vez de adjuntar",
            "sem entrega: o e-mail tem um link para {url} em vez de anexar",
        );
        self.pick(en, es, pt).replace("{url}", url)
    }

    pub(crate) fn nothing_attached(self) -> &'static str {
        self.pick(
            "no hand-in: no mail of the practice has an attachment",
            "no hay entrega: ningún correo de la práctica trae adjunto",
            "sem entrega: nenhum e-mail da prática tem anexo",
        )
    }

    pub(crate) fn received(self, label: &str, has_date: bool) -> String {
        let why = match has_date {
            true => self.pick(
                "its Date is not a possible date",
                "su fecha (Date) no es posible",
                "sua data (Date) não é possível",
            ),
            false => self.pick("it has no Date", "no tiene fecha (Date)", "não tem data (Date)"),
        };
        let by = self.pick(
            "dated by its Received header",
            "fechado por su cabecera Received",
            "datado pelo cabeçalho Received",
        );
        let label = label.replacen("mail ", self.pick("mail ", "correo ", "e-mail "), 1);
        format!("{label}: {why}; {by}")
    }

    /// A mail carried by someone off the roster, graded as the forwarded mail's sender's.
    pub(crate) fn forwarded(self, carrier: &str, original: &str) -> String {
        let (en, es, pt) = (
            "forwarded by {carrier}, who is not on the roster: graded as the hand-in of {original}, whose mail it forwards",
            "reenviado por {carrier}, que no está en la lista de alumnos: calificado como entrega de {original}, cuyo correo reenvía",
            "encaminhado por {carrier}, que não está na lista de alunos: avaliado como entrega de {original}, cujo e-mail encaminha",
        );
        self.pick(en, es, pt)
            .replace("{carrier}", carrier)
            .replace("{original}", original)
    }

    /// `check`: positions no line of the mail names.
    pub(crate) fn no_answer(self, positions: &str, first: &str) -> String {
        let (en, es, pt) = (
            "no answer to {positions}: no line of the mail names it (write one line per position, as in `{first}: X 2 3`)",
            "sin respuesta a {positions}: ninguna línea del correo la nombra (escribe una línea por posición, como `{first}: X 2 3`)",
            "sem resposta a {positions}: nenhuma linha do e-mail a nomeia (escreva uma linha por posição, como `{first}: X 2 3`)",
        );
        self.pick(en, es, pt)
            .replace("{positions}", positions)
            .replace("{first}", first)
    }

    /// `check`: a mail graded with no text and no text file.
    pub(crate) fn no_answers(self) -> &'static str {
        self.pick(
            "no answers: the mail graded has no text and attaches no text file",
            "sin respuestas: el correo calificado no tiene texto ni adjunta un archivo de texto",
            "sem respostas: o e-mail avaliado não tem texto nem anexa um arquivo de texto",
        )
    }

    /// A Date too far from the server's Received: both times, and which one counts.
    pub(crate) fn date_distrusted(self, label: &str, date: &str, arrived: &str) -> String {
        let says = self.pick(
            "the Date header says",
            "la cabecera Date dice",
            "o cabeçalho Date diz",
        );
        let reached = self.pick(
            "the mail reached the server at",
            "el correo llegó al servidor el",
            "o e-mail chegou ao servidor em",
        );
        let rule = self.pick(
            "more than 24 h apart, so the server's time counts",
            "a más de 24 h una de otra, así que cuenta la hora del servidor",
            "a mais de 24 h uma da outra, então vale a hora do servidor",
        );
        let label = label.replacen("mail ", self.pick("mail ", "correo ", "e-mail "), 1);
        format!("{label}: {says} {date}; {reached} {arrived}: {rule}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_in_the_students_language_and_english_without_one() {
        assert_eq!(Say(None).span(3 * 3600 + 17 * 60 + 1), "3 h 17 min");
        assert_eq!(Say(Some(Lang::Es)).span(86_400 + 60), "1 día 1 min");
        assert_eq!(
            Say(Some(Lang::Es)).late("2016-03-24 03:17 -06:00", 3 * 3600 + 17 * 60),
            "enviado el 2016-03-24 03:17 -06:00, 3 h 17 min después de la fecha límite"
        );
        assert_eq!(
            Say(None).others(1, "x", true),
            "1 other mail(s) of the practice: x"
        );
    }
}
