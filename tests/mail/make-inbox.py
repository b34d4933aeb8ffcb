#!/usr/bin/env python3
"""Writes tests/mail/inbox.mbox, the mailbox doc/real-class.md grades ("Hand-ins by e-mail"):
a TA's inbox exported from Thunderbird (mboxrd), the practice's mails among others. Each
student's zip holds main.sh, which answers `X 2 3` (estado1's optimal move) or, for Beto's
second try, `X 1 1`.

  Ana Pérez   on time, subject in ISO-8859-1 (RFC 2047), file name in UTF-8 (RFC 2231);
              a second mail the next morning, late, listed and not graded
  Beto Díaz   writes from two addresses (the roster has both); answers X 1 1
  Carla Ruiz  a link to Drive instead of an attachment
  Diego Luna  a Date of 1900 (a dead clock): dated by Received, two hours late
  and an unrelated mail, the instructor's own announcement, a MIME bomb of 5000 parts.

Deterministic: the same bytes on every run.
"""
import base64
import io
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def zip_of(answer):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        info = zipfile.ZipInfo("main.sh", date_time=(2016, 3, 23, 12, 0, 0))
        z.writestr(info, f"echo '{answer}'\n")
    return buf.getvalue()


def mail(sender, subject, date, mid, body, attachments=(), extra=""):
    head = (f"{extra}From: {sender}\nTo: Luis Lizárraga <luislizarraga@ciencias.unam.mx>\n"
            f"Subject: {subject}\nDate: {date}\nMessage-ID: <{mid}>\nMIME-Version: 1.0\n")
    if not attachments:
        return head + f"Content-Type: text/plain; charset=utf-8\n\n{body}\n"
    text = head + 'Content-Type: multipart/mixed; boundary="sep"\n\n--sep\n'
    text += f"Content-Type: text/plain; charset=utf-8\n\n{body}\n"
    for disposition, data in attachments:
        text += ("--sep\nContent-Type: application/zip\n"
                 f"Content-Disposition: attachment; {disposition}\n"
                 "Content-Transfer-Encoding: base64\n\n" + base64.encodebytes(data).decode())
    return text + "--sep--\n"


def main():
    good, wrong = zip_of("X 2 3"), zip_of("X 1 1")
    bomb = ("From: Nadie <nadie@example.com>\nSubject: Práctica05[IA 2016-2]\n"
            "Date: Wed, 23 Mar 2016 10:00:00 -0600\n"
            'Content-Type: multipart/mixed; boundary="b"\n\n'
            + "--b\nContent-Type: text/plain\n\nx\n" * 5000 + "--b--\n")
    mails = [
        mail("Luis Lizárraga <luislizarraga@ciencias.unam.mx>", "Práctica05[IA 2016-2]",
             "Mon, 14 Mar 2016 10:00:00 -0600", "p5@ciencias.unam.mx",
             "La fecha de entrega es hasta el miércoles 23 de marzo a las 23:59:59."),
        mail("=?utf-8?Q?Ana_P=C3=A9rez?= <ana@ciencias.unam.mx>",
             "=?iso-8859-1?Q?Pr=E1ctica05?=[IA 2016-2]", "Wed, 23 Mar 2016 20:00:00 -0600",
             "ana1@ciencias.unam.mx", "Adjunto mi práctica.\nFrom now on it works.",
             [("filename*=UTF-8''P%C3%A9rezAna05.zip", good)]),
        mail("Beto <beto.diaz@gmail.com>", "RE: Práctica05[IA 2016-2]",
             "Tue, 22 Mar 2016 18:30:00 -0600", "beto1@gmail.com", "Mi práctica.",
             [('filename="DiazBeto05.zip"', wrong)]),
        mail("Beto Díaz <beto@ciencias.unam.mx>", "Pregunta: Práctica05[IA 2016-2]",
             "Mon, 21 Mar 2016 11:00:00 -0600", "beto0@ciencias.unam.mx", "¿Se entrega en .rar?"),
        mail("Carla Ruiz <carla@ciencias.unam.mx>", "Fwd: Práctica05 [IA 2016-2]",
             "Wed, 23 Mar 2016 22:10:00 -0600", "carla@ciencias.unam.mx",
             "Aquí está mi práctica: https://drive.google.com/file/d/1AbC/view?usp=sharing"),
        mail("Diego Luna <diego@ciencias.unam.mx>", "Práctica05[IA 2016-2]",
             "Mon, 1 Jan 1900 00:00:00 +0000", "diego@ciencias.unam.mx", "Perdón por la hora.",
             [('filename="LunaDiego05.zip"', good)],
             extra="Received: from mx.ciencias.unam.mx; Thu, 24 Mar 2016 02:00:00 -0600\n"),
        mail("Ana Pérez <ana@ciencias.unam.mx>", "RE: Práctica05[IA 2016-2]",
             "Thu, 24 Mar 2016 09:00:00 -0600", "ana2@ciencias.unam.mx", "Otra versión.",
             [('filename="PerezAna05.zip"', good)]),
        mail("Coordinación <coord@ciencias.unam.mx>", "Examen parcial: salones",
             "Tue, 22 Mar 2016 09:00:00 -0600", "exam@ciencias.unam.mx", "Salón O-131."),
        bomb,
    ]
    with open(os.path.join(HERE, "inbox.mbox"), "w", newline="\n") as out:
        for text in mails:
            out.write("From - Thu Mar 24 12:00:00 2016\n")
            for line in text.split("\n")[:-1]:
                if line.lstrip(">").startswith("From "):
                    line = ">" + line
                out.write(line + "\n")
            out.write("\n")
    with open(os.path.join(HERE, "roster.csv"), "w", newline="\n") as out:
        out.write("name,account number,addresses\n"
                  "Ana Pérez,315087426,ana@ciencias.unam.mx\n"
                  "Beto Díaz,315087427,beto@ciencias.unam.mx; beto.diaz@gmail.com\n"
                  "Carla Ruiz,315087428,carla@ciencias.unam.mx\n"
                  "Diego Luna,315087429,diego@ciencias.unam.mx\n")


main()
