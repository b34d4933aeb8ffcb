#!/usr/bin/env python3
"""Writes inbox.mbox: the TA's Thunderbird folder "IA 2016-2" exported with
ImportExportTools NG ("export folder as mbox") on Monday 28 March 2016,
after the Práctica 5 deadline (Wed 23 March 2016 23:59:59, Mexico City, -06:00).

Standard library only, deterministic. The students' archives are the ones of
tests/handin/sheet-class/download (read, never changed); two small archives of
our own are made here (a spam zip, a practice-4 zip) and one variant of Jorge's
archive (his late "fix": the same files, one readme line added).

The mail is written by hand (header by header, in the order each client writes
them), not by email.generator, so that it looks like what Thunderbird stored:
`From - <ctime>` separators, X-Mozilla-Status headers, the receiving server's
Received headers first, `>From ` escaping of body lines that start "From ".
Line endings are LF (the TA's Thunderbird runs on Linux).
"""
import base64, datetime as dt, io, os, sys, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
DL = "/work/main/tests/handin/sheet-class/download"
CST = dt.timezone(dt.timedelta(hours=-6))
PDT = dt.timezone(dt.timedelta(hours=-7))
UTC = dt.timezone.utc
TA = "luislizarraga@ciencias.unam.mx"
SERVER = "correo.ciencias.unam.mx"


def archive(student_dir, name):
    for d in os.listdir(DL):
        if d.startswith(student_dir):
            with open(os.path.join(DL, d, name), "rb") as f:
                return f.read()
    raise SystemExit("missing archive " + student_dir + "/" + name)


def t(y, mo, d, h, mi, s, tz=CST):
    return dt.datetime(y, mo, d, h, mi, s, tzinfo=tz)


def rfc(when, zname=None):
    s = when.strftime("%a, %d %b %Y %H:%M:%S %z")
    return s + (" (%s)" % zname if zname else "")


def ctime(when):
    # Thunderbird's separator: the time the message was stored, local time (CST)
    return when.astimezone(CST).strftime("%a %b %d %H:%M:%S %Y")


def b64(data, width=76):
    s = base64.b64encode(data).decode()
    return "\n".join(s[i:i + width] for i in range(0, len(s), width))


def q_utf8(text, lower=True):
    """RFC 2047 Q, as Thunderbird writes it (lower-case hex)."""
    out = []
    for ch in text:
        if ch == " ":
            out.append("_")
        elif ord(ch) < 128 and ch not in "=?_":
            out.append(ch)
        else:
            for b in ch.encode("utf-8"):
                out.append(("=%02x" if lower else "=%02X") % b)
    return "=?UTF-8?Q?" + "".join(out) + "?="


def q_latin1(text):
    out = []
    for ch in text:
        if ch == " ":
            out.append("_")
        elif ord(ch) < 128 and ch not in "=?_":
            out.append(ch)
        else:
            out.append("=%02X" % ch.encode("iso-8859-1")[0])
    return "=?iso-8859-1?Q?" + "".join(out) + "?="


def b_utf8(text):
    return "=?UTF-8?B?" + base64.b64encode(text.encode()).decode() + "?="


def qp(text):
    """quoted-printable body (utf-8), soft line breaks at 76"""
    import quopri
    return quopri.encodestring(text.encode("utf-8")).decode()


MAILS = []  # (stored_at, status, text)


def add(stored_at, received, headers, body, status="0001"):
    """received: list of Received header values, topmost (our server) first."""
    lines = [
        "From - " + ctime(stored_at),
        "X-Mozilla-Status: " + status,
        "X-Mozilla-Status2: 00000000",
        "X-Mozilla-Keys: " + " " * 80,
    ]
    lines += headers[:1]  # Return-Path first
    lines.append("Delivered-To: " + TA)
    for r in received:
        lines.append("Received: " + r)
    lines += headers[1:]
    text = "\n".join(lines) + "\n\n"
    # mboxrd-ish escaping as Thunderbird does: a body line "From " gets ">"
    out = []
    for ln in body.split("\n"):
        if ln.startswith("From "):
            ln = ">" + ln
        out.append(ln)
    text += "\n".join(out)
    if not text.endswith("\n"):
        text += "\n"
    MAILS.append((stored_at, text))


def rcv_ours(frm_host, frm_ip, when, qid):
    return ("from %s (%s [%s])\n\tby %s (Postfix) with ESMTPS id %s\n\tfor <%s>; %s"
            % (frm_host, frm_host, frm_ip, SERVER, qid, TA, rfc(when, "CST")))


def rcv_gmail_smtp(when, ident):
    w = when.astimezone(PDT)
    return ("from [192.168.1.%d] ([189.216.%d.%d])\n        by smtp.gmail.com with ESMTPSA id %s\n        (version=TLS1_2 cipher=ECDHE-RSA-AES128-GCM-SHA256 bits=128/128);\n        %s"
            % (40 + len(ident) % 50, len(ident) * 3 % 255, len(ident) * 7 % 255, ident,
               rfc(w, "PDT")))


def rcv_gmail_web(when, ident):
    w = when.astimezone(PDT)
    return "by 10.28.%d.%d with HTTP; %s" % (len(ident) % 200, len(ident) * 11 % 250, w.strftime("%a, %d %b %Y %H:%M:%S %z (PDT)"))


def rcv_internal(host, ip, when, qid):
    if host.startswith("["):  # a client submitting on port 587: Postfix says "unknown"
        return ("from %s (unknown [%s])\n\tby %s (Postfix) with ESMTPSA id %s\n\tfor <%s>; %s"
                % (host, ip, SERVER, qid, TA, rfc(when, "CST")))
    return ("from %s (%s [%s])\n\tby %s (Postfix) with ESMTPSA id %s\n\tfor <%s>; %s"
            % (host, host, ip, SERVER, qid, TA, rfc(when, "CST")))


SIG_TB = "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:38.0) Gecko/20100101\n Thunderbird/38.6.0"
SIG_TB_WIN = "User-Agent: Mozilla/5.0 (Windows NT 10.0; WOW64; rv:38.0) Gecko/20100101\n Thunderbird/38.6.0"


def mixed_tb(boundary, text, att_ctype_lines, att_data):
    """Thunderbird's multipart/mixed: the text part, then the attachment."""
    return (
        "This is a multi-part message in MIME format.\n"
        "--%s\n"
        "Content-Type: text/plain; charset=utf-8; format=flowed\n"
        "Content-Transfer-Encoding: 8bit\n\n"
        "%s\n"
        "--%s\n"
        "%s\n"
        "Content-Transfer-Encoding: base64\n\n"
        "%s\n"
        "--%s--\n" % (boundary, text, boundary, att_ctype_lines, b64(att_data, 72), boundary))


def mixed_gmail(boundary, alt_boundary, text, html, att_headers, att_data):
    return (
        "--%s\n"
        "Content-Type: multipart/alternative; boundary=%s\n\n"
        "--%s\n"
        "Content-Type: text/plain; charset=UTF-8\n"
        "Content-Transfer-Encoding: quoted-printable\n\n"
        "%s\n"
        "--%s\n"
        "Content-Type: text/html; charset=UTF-8\n"
        "Content-Transfer-Encoding: quoted-printable\n\n"
        "%s\n"
        "--%s--\n"
        "--%s\n"
        "%s\n"
        "Content-Transfer-Encoding: base64\n\n"
        "%s\n"
        "--%s--\n" % (boundary, alt_boundary, alt_boundary, qp(text), alt_boundary, qp(html),
                     alt_boundary, boundary, att_headers, b64(att_data), boundary))


def html_of(text):
    import html
    return "<div dir=\"ltr\">" + "<br>".join(html.escape(l) for l in text.split("\n")) + "</div>\n"


# ---------------------------------------------------------------------------
# The mails, in the order they arrived (the order Thunderbird keeps them in).
# ---------------------------------------------------------------------------

# M1. The instructor's announcement to the class list (matches the subject, has a PDF).
w = t(2016, 3, 16, 10, 5, 12)
pdf = b"%PDF-1.4\n% Practica 5: Minimax (enunciado)\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
add(w + dt.timedelta(seconds=20),
    [rcv_ours("listas.ciencias.unam.mx", "132.248.28.14", w + dt.timedelta(seconds=19), "4qR7Hk0Zr2z9xQ"),
     rcv_internal("[132.248.28.77]", "132.248.28.77", w + dt.timedelta(seconds=2), "4qR7Hj6Ykqz9xP")],
    ["Return-Path: <ia-2016-2-bounces@listas.ciencias.unam.mx>",
     "To: ia-2016-2@listas.ciencias.unam.mx",
     "From: " + q_utf8("Luis Lizárraga") + " <" + TA + ">",
     "Subject: [IA] " + q_utf8("Práctica05[IA 2016-2]"),
     "Message-ID: <56E9855C.3040105@ciencias.unam.mx>",
     "Date: " + rfc(w),
     SIG_TB,
     "MIME-Version: 1.0",
     "List-Id: Inteligencia Artificial 2016-2 <ia-2016-2.listas.ciencias.unam.mx>",
     "Content-Type: multipart/mixed;\n boundary=\"------------090804030108050703080305\""],
    mixed_tb("------------090804030108050703080305",
             "Hola a todos,\n\n"
             "Les dejo el enunciado de la Práctica 5 (Minimax). La fecha de entrega es el\n"
             "miércoles 23 de marzo a las 23:59:59 hrs. Pueden subirla a AVE Ciencias o\n"
             "mandarla a este correo con asunto Práctica05[IA 2016-2].\n\n"
             "From now on, also read chapter 5 of Russell & Norvig (la versión en inglés).\n\n"
             "Saludos,\nLuis\n",
             "Content-Type: application/pdf;\n name=\"practica5.pdf\"\n"
             "Content-Disposition: attachment;\n filename=\"practica5.pdf\"",
             pdf))

# M2. Héctor asks a question with the practice's subject, no attachment.
w = t(2016, 3, 20, 12, 40, 3)
add(w + dt.timedelta(seconds=3),
    [rcv_ours("mail-wm0-f52.google.com", "74.125.82.52", w + dt.timedelta(seconds=2), "3qSm2L1bH5z9y1"),
     rcv_gmail_web(w, "hector-q")],
    ["Return-Path: <hector.ortiz@ciencias.unam.mx>",
     "MIME-Version: 1.0",
     "Date: " + rfc(w),
     "Message-ID: <CAF3u7vQ1bX0pZ=Hk2sJwq@mail.gmail.com>",
     "Subject: " + b_utf8("Práctica05[IA 2016-2]"),
     "From: " + q_utf8("Héctor Ortiz", lower=False) + " <hector.ortiz@ciencias.unam.mx>",
     "To: " + TA,
     "Content-Type: text/plain; charset=UTF-8",
     "Content-Transfer-Encoding: quoted-printable"],
    qp("Hola Luis,\n\n¿La práctica se puede entregar dentro de una carpeta Practica05 o tiene que\n"
       "ir exactamente Minimax/src/Minimax.java en la raíz del zip?\n\nGracias,\nHéctor\n"))

# M3. The TA's reply to Héctor (the instructor's own mail, subject matches).
w = t(2016, 3, 20, 13, 2, 44)
add(w + dt.timedelta(seconds=1),
    [rcv_internal("[132.248.28.77]", "132.248.28.77", w, "3qSmXw0fJYz9y4")],
    ["Return-Path: <" + TA + ">",
     "Subject: Re: " + q_utf8("Práctica05[IA 2016-2]"),
     "To: " + q_utf8("Héctor Ortiz") + " <hector.ortiz@ciencias.unam.mx>",
     "Cc: " + TA,
     "References: <CAF3u7vQ1bX0pZ=Hk2sJwq@mail.gmail.com>",
     "From: " + q_utf8("Luis Lizárraga") + " <" + TA + ">",
     "Message-ID: <56EEF4B4.9010602@ciencias.unam.mx>",
     "Date: " + rfc(w),
     SIG_TB,
     "MIME-Version: 1.0",
     "In-Reply-To: <CAF3u7vQ1bX0pZ=Hk2sJwq@mail.gmail.com>",
     "Content-Type: text/plain; charset=utf-8; format=flowed",
     "Content-Transfer-Encoding: 8bit"],
    "Hola Héctor,\n\nTiene que ser la estructura del enunciado: Minimax/src/Minimax.java y\n"
    "readme.txt, sin carpetas extra.\n\nSaludos,\nLuis\n\n"
    "El 20/03/16 a las 12:40, Héctor Ortiz escribió:\n"
    "> Hola Luis,\n>\n> ¿La práctica se puede entregar dentro de una carpeta Practica05 o tiene que\n"
    "> ir exactamente Minimax/src/Minimax.java en la raíz del zip?\n>\n> Gracias,\n> Héctor\n")

# M4. Kenji: from his gmail (not on the roster), subject without brackets or accent.
w = t(2016, 3, 21, 16, 30, 9)
kenji = archive("Kenji Nakamura", "NakamuraKenji05.zip")
text = ("Hola,\n\nAdjunto mi práctica 5 (NakamuraKenji05.zip). Les escribo desde mi gmail\n"
        "porque el correo de la facultad no me abre.\n\n"
        "From what I understood the readme goes at the top of the zip, next to Minimax/.\n\n"
        "Saludos,\nKenji Nakamura\n")
add(w + dt.timedelta(seconds=4),
    [rcv_ours("mail-qk0-f181.google.com", "209.85.220.181", w + dt.timedelta(seconds=3), "3qTq1n4Jm8z9y7"),
     rcv_gmail_web(w, "kenji")],
    ["Return-Path: <kenji.nakamura.m@gmail.com>",
     "MIME-Version: 1.0",
     "Date: " + rfc(w),
     "Message-ID: <CAKn9m2x_QpT0yN4h=oXb1@mail.gmail.com>",
     "Subject: practica 05 ia 2016-2",
     "From: Kenji Nakamura <kenji.nakamura.m@gmail.com>",
     "To: " + TA,
     "Content-Type: multipart/mixed; boundary=001a1140f0c6a1b4e2052e977a1c"],
    mixed_gmail("001a1140f0c6a1b4e2052e977a1c", "001a1140f0c6a1b4dd052e977a1a", text, html_of(text),
                "Content-Type: application/zip; name=\"NakamuraKenji05.zip\"\n"
                "Content-Disposition: attachment; filename=\"NakamuraKenji05.zip\"\n"
                "X-Attachment-Id: f_ilzq1b0k0", kenji))

# M5. Department newsletter (HTML + text), a body line starting "From ".
w = t(2016, 3, 22, 8, 0, 0)
news = ("BOLETÍN DE LA FACULTAD DE CIENCIAS — marzo 2016\n\n"
        "From the Director's desk: la Facultad celebra 77 años.\n"
        "* Semana de la Computación: 4 al 8 de abril.\n"
        "* Convocatoria de becas de movilidad 2016-2.\n\n"
        "Para darse de baja responda con asunto BAJA.\n")
add(w + dt.timedelta(seconds=30),
    [rcv_ours("boletin.ciencias.unam.mx", "132.248.28.30", w + dt.timedelta(seconds=29), "3qTz0B2Yc1z9yB")],
    ["Return-Path: <boletin@ciencias.unam.mx>",
     "Date: " + rfc(w),
     "From: " + q_utf8("Boletín Ciencias") + " <boletin@ciencias.unam.mx>",
     "To: comunidad@ciencias.unam.mx",
     "Subject: " + b_utf8("Boletín de la Facultad de Ciencias — marzo 2016"),
     "Message-ID: <20160322140000.1A2B3C@boletin.ciencias.unam.mx>",
     "MIME-Version: 1.0",
     "Content-Type: multipart/alternative; boundary=\"=_b0l3t1n_2016_03\"",
     "Precedence: bulk"],
    "--=_b0l3t1n_2016_03\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n\n"
    + news +
    "\n--=_b0l3t1n_2016_03\nContent-Type: text/html; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n\n"
    "<html><body><h1>BOLETÍN</h1>\n<p>From the Director's desk: la Facultad celebra 77 años.</p></body></html>\n"
    "\n--=_b0l3t1n_2016_03--\n")

# M6. María Fernanda: Thunderbird, UTF-8 Q subject, on time.
w = t(2016, 3, 22, 21, 14, 5)
add(w + dt.timedelta(seconds=2),
    [rcv_internal("[189.146.33.201]", "189.146.33.201", w + dt.timedelta(seconds=1), "3qVJ5d2kQ0z9yG")],
    ["Return-Path: <mafer.lopez@ciencias.unam.mx>",
     "To: " + TA,
     "From: " + q_utf8("María Fernanda López Ruiz") + " <mafer.lopez@ciencias.unam.mx>",
     "Subject: " + q_utf8("Práctica05[IA 2016-2]"),
     "Message-ID: <56F20A5D.7010907@ciencias.unam.mx>",
     "Date: " + rfc(w),
     SIG_TB,
     "MIME-Version: 1.0",
     "Content-Type: multipart/mixed;\n boundary=\"------------010602040509080703020100\""],
    mixed_tb("------------010602040509080703020100",
             "Buenas noches,\n\nAdjunto mi práctica 5.\n\nMaría Fernanda López Ruiz\n313052871\n",
             "Content-Type: application/zip;\n name=\"LopezMariaFernanda05.zip\"\n"
             "Content-Disposition: attachment;\n filename=\"LopezMariaFernanda05.zip\"",
             archive("María Fernanda López Ruiz", "LopezMariaFernanda05.zip")))

# M7. Jorge, mail 1 of 3: the old, broken Practica5.zip (on time).
w = t(2016, 3, 22, 19, 10, 31)
add(w + dt.timedelta(seconds=5),
    [rcv_ours("mail-yw0-f170.google.com", "209.85.161.170", w + dt.timedelta(seconds=4), "3qVGM41rX7z9yD"),
     rcv_gmail_web(w, "jorge1")],
    ["Return-Path: <jorge.morales@ciencias.unam.mx>",
     "MIME-Version: 1.0",
     "Date: " + rfc(w),
     "Message-ID: <CAJm0r4L3s_1aX0Vw8=dQ@mail.gmail.com>",
     "Subject: " + b_utf8("Práctica05[IA 2016-2]"),
     "From: " + b_utf8("Jorge Iván Morales Cruz") + " <jorge.morales@ciencias.unam.mx>",
     "To: " + TA,
     "Content-Type: multipart/mixed; boundary=001a11c0b9e2f6d0a1052ea8b001"],
    mixed_gmail("001a11c0b9e2f6d0a1052ea8b001", "001a11c0b9e2f6d09a052ea8afff",
                "Adjunto la práctica.\n\nJorge\n", html_of("Adjunto la práctica.\n\nJorge\n"),
                "Content-Type: application/zip; name=\"Practica5.zip\"\n"
                "Content-Disposition: attachment; filename=\"Practica5.zip\"\n"
                "X-Attachment-Id: f_im0a2c1d0", archive("Jorge Iván Morales Cruz", "Practica5.zip")))

# M8. Coordination mail, unrelated subject.
w = t(2016, 3, 22, 9, 15, 0)
add(w + dt.timedelta(seconds=1),
    [rcv_internal("coord.ciencias.unam.mx", "132.248.28.9", w, "3qV0vF6n4Zz9yC")],
    ["Return-Path: <coord.computacion@ciencias.unam.mx>",
     "Date: " + rfc(w),
     "From: " + q_utf8("Coordinación de Computación") + " <coord.computacion@ciencias.unam.mx>",
     "To: profesores-computacion@ciencias.unam.mx",
     "Subject: Examen parcial: salones",
     "Message-ID: <20160322151500.GA4411@coord.ciencias.unam.mx>",
     "MIME-Version: 1.0",
     "Content-Type: text/plain; charset=utf-8",
     "Content-Transfer-Encoding: 8bit"],
    "Profesores:\n\nLos exámenes parciales de la semana 9 serán en los salones P-104 y O-222.\n\n"
    "Coordinación\n")

# M9. Spam with a zip attachment.
w = t(2016, 3, 23, 3, 12, 50, UTC)
spamzip = io.BytesIO()
with zipfile.ZipFile(spamzip, "w", zipfile.ZIP_DEFLATED) as z:
    zi = zipfile.ZipInfo("Factura_88231.pdf.js", (2016, 3, 22, 20, 0, 0))
    z.writestr(zi, "// spam: not a real script\n")
add(w.astimezone(CST) + dt.timedelta(seconds=9),
    [rcv_ours("static-41-88-12-9.ipcom.comunitel.net", "41.88.12.9", w.astimezone(CST) + dt.timedelta(seconds=8), "3qVWzR5m0lz9yK")],
    ["Return-Path: <billing@secure-invoice-mx.top>",
     "From: \"Servicio de Facturacion\" <billing@secure-invoice-mx.top>",
     "To: " + TA,
     "Subject: " + b_utf8("Factura pendiente #88231 — acción requerida"),
     "Date: " + rfc(w),
     "Message-ID: <8f2a91c0e4b7$3a1b$1d2c@secure-invoice-mx.top>",
     "MIME-Version: 1.0",
     "X-Spam-Flag: YES",
     "X-Spam-Status: Yes, score=9.8 required=5.0",
     "Content-Type: multipart/mixed; boundary=\"----=_NextPart_000_0012_01D184F0.5C6B2E10\""],
    "This is a multi-part message in MIME format.\n\n"
    "------=_NextPart_000_0012_01D184F0.5C6B2E10\nContent-Type: text/plain; charset=\"us-ascii\"\n"
    "Content-Transfer-Encoding: 7bit\n\nEstimado cliente, adjuntamos su factura. Abra el archivo adjunto.\n\n"
    "------=_NextPart_000_0012_01D184F0.5C6B2E10\nContent-Type: application/zip; name=\"Factura_88231.zip\"\n"
    "Content-Transfer-Encoding: base64\nContent-Disposition: attachment; filename=\"Factura_88231.zip\"\n\n"
    + b64(spamzip.getvalue()) + "\n\n------=_NextPart_000_0012_01D184F0.5C6B2E10--\n")

# M10. Gabriela: her university account through Gmail, upper-case subject, no accent.
w = t(2016, 3, 23, 12, 26, 40)
text = "Buen día, envío la práctica 5.\n\nGabriela Ruiz Espinoza\n"
add(w + dt.timedelta(seconds=3),
    [rcv_ours("mail-wm0-f47.google.com", "74.125.82.47", w + dt.timedelta(seconds=2), "3qW9Hb3cWfz9yN"),
     rcv_gmail_web(w, "gaby")],
    ["Return-Path: <gaby.ruiz@ciencias.unam.mx>",
     "MIME-Version: 1.0",
     "Date: " + rfc(w),
     "Message-ID: <CAB9gRz=4QpW7t1mZ8x0Yv@mail.gmail.com>",
     "Subject: PRACTICA05[IA 2016-2]",
     "From: Gaby Ruiz <gaby.ruiz@ciencias.unam.mx>",
     "To: " + TA,
     "Content-Type: multipart/mixed; boundary=001a113d0f0a3e55c7052eba1c55"],
    mixed_gmail("001a113d0f0a3e55c7052eba1c55", "001a113d0f0a3e55c2052eba1c53", text, html_of(text),
                "Content-Type: application/zip; name=\"RuizGabriela05.zip\"\n"
                "Content-Disposition: attachment; filename=\"RuizGabriela05.zip\"\n"
                "X-Attachment-Id: f_im0q9f7r0", archive("Gabriela Ruiz Espinoza", "RuizGabriela05.zip")))

# M11. Ximena: Thunderbird on Windows; RFC 2231 file name (PeñaXimena05.zip).
w = t(2016, 3, 23, 13, 5, 17)
add(w + dt.timedelta(seconds=2),
    [rcv_internal("[201.141.70.18]", "201.141.70.18", w + dt.timedelta(seconds=1), "3qWB7y1pGkz9yQ")],
    ["Return-Path: <ximena.pena@ciencias.unam.mx>",
     "To: " + TA,
     "From: " + q_utf8("Ximena Peña Ibáñez") + " <ximena.pena@ciencias.unam.mx>",
     "Subject: " + q_utf8("Práctica 05 [IA 2016-2]"),
     "Message-ID: <56F2E90D.2090301@ciencias.unam.mx>",
     "Date: " + rfc(w),
     SIG_TB_WIN,
     "MIME-Version: 1.0",
     "Content-Type: multipart/mixed;\n boundary=\"------------030107090004000806050401\""],
    mixed_tb("------------030107090004000806050401",
             "Hola, adjunto mi práctica.\n\nXimena Peña Ibáñez\n",
             "Content-Type: application/x-zip-compressed;\n name=\"=?UTF-8?B?UGXDsWFYaW1lbmEwNS56aXA=?=\"\n"
             "Content-Disposition: attachment;\n filename*=UTF-8''%50%65%C3%B1%61%58%69%6D%65%6E%61%30%35%2E%7A%69%70",
             archive("Ximena Peña Ibáñez", "PeñaXimena05.zip")))

# M12. Itzel: Outlook 2013: multipart/mixed > multipart/alternative + attachment,
#      "RV:" (reenviar) and the attachment name RFC 2047 ISO-8859-1.
w = t(2016, 3, 23, 16, 15, 22)
itzel = archive("Itzel Martínez Cárdenas", "MartínezItzel05.zip")
itext = ("Buenas tardes profesor, le reenvío la práctica; primero se la mandé a mi propio\n"
         "correo por error.\n\nItzel Martínez Cárdenas\n\n"
         "De: Itzel Martínez Cárdenas\nEnviado el: miércoles, 23 de marzo de 2016 16:09\n"
         "Para: itzel.martinez@ciencias.unam.mx\nAsunto: Práctica05[IA 2016-2]\n\nAdjunto práctica 5.\n")
ihtml = ("<html xmlns:o=\"urn:schemas-microsoft-com:office:office\"><head><meta http-equiv=\"Content-Type\" "
         "content=\"text/html; charset=iso-8859-1\"></head><body lang=\"ES-MX\"><div class=\"WordSection1\">"
         "<p class=\"MsoNormal\">Buenas tardes profesor, le reenv&iacute;o la pr&aacute;ctica; primero se la mand&eacute; "
         "a mi propio correo por error.<o:p></o:p></p></div></body></html>\n")
add(w + dt.timedelta(seconds=6),
    [rcv_internal("[132.248.51.140]", "132.248.51.140", w + dt.timedelta(seconds=5), "3qWGMx6bW2z9yS")],
    ["Return-Path: <itzel.martinez@ciencias.unam.mx>",
     "From: =?iso-8859-1?Q?Itzel_Mart=EDnez_C=E1rdenas?= <itzel.martinez@ciencias.unam.mx>",
     "To: \"'" + TA + "'\" <" + TA + ">",
     "Subject: " + q_latin1("RV: Práctica05[IA 2016-2]"),
     "Date: " + rfc(w),
     "Message-ID: <000001d1855a$7f3c2b10$7db48130$@ciencias.unam.mx>",
     "MIME-Version: 1.0",
     "Content-Type: multipart/mixed;\n\tboundary=\"----=_NextPart_000_0005_01D18528.34A2B710\"",
     "X-Mailer: Microsoft Outlook 15.0",
     "Thread-Index: AdGFWUa2CnB8yfnUSvu5wOtQ0xN5DQAAF7Kw",
     "Content-Language: es-mx"],
    "This is a multipart message in MIME format.\n\n"
    "------=_NextPart_000_0005_01D18528.34A2B710\n"
    "Content-Type: multipart/alternative;\n\tboundary=\"----=_NextPart_001_0006_01D18528.34A2B710\"\n\n\n"
    "------=_NextPart_001_0006_01D18528.34A2B710\n"
    "Content-Type: text/plain;\n\tcharset=\"iso-8859-1\"\nContent-Transfer-Encoding: quoted-printable\n\n"
    + __import__("quopri").encodestring(itext.encode("iso-8859-1")).decode() +
    "\n------=_NextPart_001_0006_01D18528.34A2B710\n"
    "Content-Type: text/html;\n\tcharset=\"iso-8859-1\"\nContent-Transfer-Encoding: quoted-printable\n\n"
    + __import__("quopri").encodestring(ihtml.encode("iso-8859-1")).decode() +
    "\n------=_NextPart_001_0006_01D18528.34A2B710--\n\n"
    "------=_NextPart_000_0005_01D18528.34A2B710\n"
    "Content-Type: application/x-zip-compressed;\n\tname=\"=?iso-8859-1?Q?Mart=EDnezItzel05.zip?=\"\n"
    "Content-Transfer-Encoding: base64\n"
    "Content-Disposition: attachment;\n\tfilename=\"=?iso-8859-1?Q?Mart=EDnezItzel05.zip?=\"\n\n"
    + b64(itzel) + "\n\n------=_NextPart_000_0005_01D18528.34A2B710--\n")

# M13. Héctor's hand-in: a Re: to the TA's answer, quoting it, with the archive.
w = t(2016, 3, 23, 17, 20, 8)
htext = ("Gracias Luis, aquí va mi práctica.\n\nHéctor\n\n"
         "El 20 de marzo de 2016, 13:02, Luis Lizárraga <" + TA + "> escribió:\n\n"
         "> Hola Héctor,\n>\n> Tiene que ser la estructura del enunciado: Minimax/src/Minimax.java y\n"
         "> readme.txt, sin carpetas extra.\n>\n> Saludos,\n> Luis\n>\n"
         "> El 20/03/16 a las 12:40, Héctor Ortiz escribió:\n>> Hola Luis,\n>>\n"
         ">> ¿La práctica se puede entregar dentro de una carpeta Practica05 o tiene que\n"
         ">> ir exactamente Minimax/src/Minimax.java en la raíz del zip?\n")
add(w + dt.timedelta(seconds=3),
    [rcv_ours("mail-wm0-f52.google.com", "74.125.82.52", w + dt.timedelta(seconds=2), "3qWHmN0x7Tz9yV"),
     rcv_gmail_web(w, "hector-h")],
    ["Return-Path: <hector.ortiz@ciencias.unam.mx>",
     "MIME-Version: 1.0",
     "In-Reply-To: <56EEF4B4.9010602@ciencias.unam.mx>",
     "References: <CAF3u7vQ1bX0pZ=Hk2sJwq@mail.gmail.com>\n <56EEF4B4.9010602@ciencias.unam.mx>",
     "Date: " + rfc(w),
     "Message-ID: <CAF3u7vTz8kq0=Xm2JbLwP@mail.gmail.com>",
     "Subject: " + b_utf8("Re: Práctica05[IA 2016-2]"),
     "From: " + q_utf8("Héctor Ortiz", lower=False) + " <hector.ortiz@ciencias.unam.mx>",
     "To: " + q_utf8("Luis Lizárraga", lower=False) + " <" + TA + ">",
     "Content-Type: multipart/mixed; boundary=001a1142b7c4f7a2e9052ebe2e4b"],
    mixed_gmail("001a1142b7c4f7a2e9052ebe2e4b", "001a1142b7c4f7a2e4052ebe2e49", htext, html_of(htext),
                "Content-Type: application/zip; name=\"OrtizHector05.zip\"\n"
                "Content-Disposition: attachment; filename=\"OrtizHector05.zip\"\n"
                "X-Attachment-Id: f_im0w1k5b0", archive("Héctor Manuel Ortiz Salazar", "OrtizHector05.zip")))

# M14. The instructor's reminder (not the subject; the instructor's own).
w = t(2016, 3, 23, 18, 0, 0)
add(w + dt.timedelta(seconds=21),
    [rcv_ours("listas.ciencias.unam.mx", "132.248.28.14", w + dt.timedelta(seconds=20), "3qWJg30bJ8z9yW")],
    ["Return-Path: <ia-2016-2-bounces@listas.ciencias.unam.mx>",
     "To: ia-2016-2@listas.ciencias.unam.mx",
     "From: " + q_utf8("Luis Lizárraga") + " <" + TA + ">",
     "Subject: [IA] Recordatorio: hoy vence la " + q_utf8("práctica 5"),
     "Message-ID: <56F32F50.1000906@ciencias.unam.mx>",
     "Date: " + rfc(w),
     SIG_TB,
     "MIME-Version: 1.0",
     "Content-Type: text/plain; charset=utf-8; format=flowed",
     "Content-Transfer-Encoding: 8bit"],
    "Recuerden que hoy a las 23:59:59 vence la práctica 5.\n\nLuis\n")

# M15. Jorge, mail 2 of 3: the corrected MoralesJorge05.zip, on time (graded).
w = t(2016, 3, 23, 20, 31, 2)
jtext = "Perdón, ayer mandé el archivo equivocado. Esta es la buena.\n\nJorge\n"
add(w + dt.timedelta(seconds=4),
    [rcv_ours("mail-yw0-f170.google.com", "209.85.161.170", w + dt.timedelta(seconds=3), "3qWN1b2hCfz9yZ"),
     rcv_gmail_web(w, "jorge2")],
    ["Return-Path: <jorge.morales@ciencias.unam.mx>",
     "MIME-Version: 1.0",
     "In-Reply-To: <CAJm0r4L3s_1aX0Vw8=dQ@mail.gmail.com>",
     "References: <CAJm0r4L3s_1aX0Vw8=dQ@mail.gmail.com>",
     "Date: " + rfc(w),
     "Message-ID: <CAJm0r4KqZ2=bN7v0_Yh3@mail.gmail.com>",
     "Subject: " + b_utf8("RE: Práctica05[IA 2016-2]"),
     "From: " + b_utf8("Jorge Iván Morales Cruz") + " <jorge.morales@ciencias.unam.mx>",
     "To: " + TA,
     "Content-Type: multipart/mixed; boundary=001a11c0b9e2f6d0c4052ec0d7a3"],
    mixed_gmail("001a11c0b9e2f6d0c4052ec0d7a3", "001a11c0b9e2f6d0bf052ec0d7a1", jtext, html_of(jtext),
                "Content-Type: application/zip; name=\"MoralesJorge05.zip\"\n"
                "Content-Disposition: attachment; filename=\"MoralesJorge05.zip\"\n"
                "X-Attachment-Id: f_im0z7q2e0", archive("Jorge Iván Morales Cruz", "MoralesJorge05.zip")))

# M16. Valeria: no Date header at all (an old script/mailer); Received says 21:27.
w = t(2016, 3, 23, 21, 27, 40)
add(w + dt.timedelta(seconds=1),
    [rcv_internal("[187.190.7.44]", "187.190.7.44", w, "3qWPGr4LQhz9yb")],
    ["Return-Path: <valeria.sanchez@ciencias.unam.mx>",
     "From: " + q_utf8("Valeria Guadalupe Sánchez Flores") + " <valeria.sanchez@ciencias.unam.mx>",
     "To: " + TA,
     "Subject: " + q_utf8("Práctica05[IA 2016-2]"),
     "Message-ID: <1458790060.2211.3.camel@valeria-pc>",
     "MIME-Version: 1.0",
     "X-Mailer: Evolution 3.18.5.2",
     "Content-Type: multipart/mixed; boundary=\"=-Gq4YcR1Jp0dZbXuJ2Kka\""],
    "\n--=-Gq4YcR1Jp0dZbXuJ2Kka\nContent-Type: text/plain; charset=\"UTF-8\"\nContent-Transfer-Encoding: 8bit\n\n"
    "Hola, adjunto la práctica 5 comprimida con 7-Zip.\n\nValeria Sánchez\n\n"
    "--=-Gq4YcR1Jp0dZbXuJ2Kka\nContent-Type: application/x-7z-compressed; name=\"SanchezValeria05.7z\"\n"
    "Content-Disposition: attachment; filename=\"SanchezValeria05.7z\"\nContent-Transfer-Encoding: base64\n\n"
    + b64(archive("Valeria Guadalupe Sánchez Flores", "SanchezValeria05.7z")) +
    "\n\n--=-Gq4YcR1Jp0dZbXuJ2Kka--\n\n")

# M17. Rodrigo: HTML-only mail with a Google Drive link, no attachment.
w = t(2016, 3, 23, 21, 52, 30)
add(w + dt.timedelta(seconds=2),
    [rcv_ours("mail-wm0-f41.google.com", "74.125.82.41", w + dt.timedelta(seconds=1), "3qWPrm1xN6z9yc"),
     rcv_gmail_web(w, "rodrigo")],
    ["Return-Path: <rodrigo.salinas@ciencias.unam.mx>",
     "MIME-Version: 1.0",
     "Date: " + rfc(w),
     "Message-ID: <CAL7sP0n=Wz3r8Yq1_kX2f@mail.gmail.com>",
     "Subject: " + q_utf8("Práctica05[IA 2016-2]", lower=False),
     "From: Rodrigo Salinas <rodrigo.salinas@ciencias.unam.mx>",
     "To: " + TA,
     "Content-Type: text/html; charset=UTF-8",
     "Content-Transfer-Encoding: quoted-printable"],
    qp("<div dir=\"ltr\">Hola profe, no supe comprimir la carpeta, se la comparto por Drive:"
       "<div><br></div><div><a href=\"https://drive.google.com/drive/folders/0B4xR2kq9sLmTa1Z0c3VhbGluYXM?usp=sharing\">"
       "SalinasRodrigo05</a></div><div><br></div><div>Rodrigo Salinas</div></div>\n"))

# M18. Carlos's hand-in forwarded by a friend (not in the class), Thunderbird inline forward.
w0 = t(2016, 3, 23, 21, 48, 10)
w = t(2016, 3, 23, 22, 3, 55)
add(w + dt.timedelta(seconds=7),
    [rcv_ours("COL004-OMC2S18.hotmail.com", "65.55.34.92", w + dt.timedelta(seconds=6), "3qWQ6C4mHvz9yd"),
     "from [192.168.0.14] ([187.207.22.101]) by COL004-OMC2S18.hotmail.com over TLS secured channel with Microsoft SMTPSVC(7.5.7601.23143);\n\t "
     + rfc(w.astimezone(PDT)).replace("-0700", "-0700")],
    ["Return-Path: <jp.ortega94@hotmail.com>",
     "Subject: Fwd: " + q_utf8("Práctica05[IA 2016-2]"),
     "References: <56F361A2.5060804@ciencias.unam.mx>",
     "To: " + TA,
     "From: Juan Pablo Ortega <jp.ortega94@hotmail.com>",
     "X-Forwarded-Message-Id: <56F361A2.5060804@ciencias.unam.mx>",
     "Message-ID: <BLU436-SMTP9F1C2A7D0E3B@phx.gbl>",
     "Date: " + rfc(w),
     SIG_TB_WIN,
     "MIME-Version: 1.0",
     "In-Reply-To: <56F361A2.5060804@ciencias.unam.mx>",
     "Content-Type: multipart/mixed;\n boundary=\"------------060508000601020409000707\""],
    mixed_tb("------------060508000601020409000707",
             "Profe, le reenvío la práctica de Carlos Medina: su cuenta de la facultad está\n"
             "llena y no le deja enviar. Él me la mandó a mí.\n\nJuan Pablo\n\n\n"
             "-------- Forwarded Message --------\n"
             "Subject: \tPráctica05[IA 2016-2]\n"
             "Date: \t" + rfc(w0) + "\n"
             "From: \tCarlos Eduardo Medina Herrera <carlos.medina@ciencias.unam.mx>\n"
             "To: \tjp.ortega94@hotmail.com\n\n\n\n"
             "Juan, ¿se la puedes mandar a Luis (" + TA + ") con asunto\n"
             "Práctica05[IA 2016-2]? A mí me rebota. Gracias.\n\nCarlos Eduardo Medina Herrera\n",
             "Content-Type: application/zip;\n name=\"MedinaCarlos05.zip\"\n"
             "Content-Disposition: attachment;\n filename=\"MedinaCarlos05.zip\"",
             archive("Carlos Eduardo Medina Herrera", "MedinaCarlos05.zip")))

# M19. Ana Sofía, from her gmail (B-encoded subject), with the .tar.gz: on time (graded).
w = t(2016, 3, 23, 22, 47, 12)
atext = "Hola Luis,\n\nAdjunto mi práctica 5.\n\nAna Sofía del Valle Ortega\n"
add(w + dt.timedelta(seconds=3),
    [rcv_ours("mail-qg0-f44.google.com", "209.85.192.44", w + dt.timedelta(seconds=2), "3qWR5x2gK0z9yf"),
     rcv_gmail_web(w, "anasofia")],
    ["Return-Path: <anasofia.dvo@gmail.com>",
     "MIME-Version: 1.0",
     "Date: " + rfc(w),
     "Message-ID: <CAHd3Vq0p=Yx7sW1n2KbR4@mail.gmail.com>",
     "Subject: " + b_utf8("Práctica05[IA 2016-2]"),
     "From: " + b_utf8("Ana Sofía del Valle") + " <anasofia.dvo@gmail.com>",
     "To: " + TA,
     "Content-Type: multipart/mixed; boundary=001a113f8a7c5d1e20052ec2c0f1"],
    mixed_gmail("001a113f8a7c5d1e20052ec2c0f1", "001a113f8a7c5d1e1b052ec2c0ef", atext, html_of(atext),
                "Content-Type: application/x-gzip; name=\"DelValleAnaSofia05.tar.gz\"\n"
                "Content-Disposition: attachment; filename=\"DelValleAnaSofia05.tar.gz\"\n"
                "X-Attachment-Id: f_im14a0xq0",
                archive("Ana Sofía del Valle Ortega", "DelValleAnaSofia05.tar.gz")))

# M20. Ana Sofía, from her university address, no attachment.
w = t(2016, 3, 23, 22, 58, 40)
add(w + dt.timedelta(seconds=2),
    [rcv_internal("[189.203.101.7]", "189.203.101.7", w + dt.timedelta(seconds=1), "3qWRM03kVyz9yg")],
    ["Return-Path: <anasofia.dvo@ciencias.unam.mx>",
     "To: " + TA,
     "From: " + q_utf8("Ana Sofía del Valle Ortega") + " <anasofia.dvo@ciencias.unam.mx>",
     "Subject: Re: " + q_utf8("Práctica05[IA 2016-2]"),
     "Message-ID: <56F373E8.8020104@ciencias.unam.mx>",
     "Date: " + rfc(w),
     SIG_TB,
     "MIME-Version: 1.0",
     "Content-Type: text/plain; charset=utf-8; format=flowed",
     "Content-Transfer-Encoding: 8bit"],
    "Luis, te mandé la práctica hace rato desde mi gmail (anasofia.dvo@gmail.com)\n"
    "porque aquí el adjunto no subía. Es la misma cuenta, soy yo :)\n\nAna Sofía\n")

# M21. Luis Ángel: replies to the announcement ("Re: [IA] ..."), his clock says 2036.
w_real = t(2016, 3, 23, 23, 41, 30)
w_claim = t(2036, 3, 23, 23, 41, 28)
add(w_real + dt.timedelta(seconds=2),
    [rcv_internal("[177.228.15.63]", "177.228.15.63", w_real, "3qWSJ76xPtz9yh")],
    ["Return-Path: <luisangel.tm@ciencias.unam.mx>",
     "Subject: Re: [IA] " + q_utf8("Práctica05[IA 2016-2]"),
     "To: " + q_utf8("Luis Lizárraga") + " <" + TA + ">",
     "References: <56E9855C.3040105@ciencias.unam.mx>",
     "From: " + q_utf8("Luis Ángel Torres Mendoza") + " <luisangel.tm@ciencias.unam.mx>",
     "Message-ID: <7C1D0F21.5000307@ciencias.unam.mx>",
     "Date: " + rfc(w_claim),
     SIG_TB,
     "MIME-Version: 1.0",
     "In-Reply-To: <56E9855C.3040105@ciencias.unam.mx>",
     "Content-Type: multipart/mixed;\n boundary=\"------------000401080702030605020903\""],
    mixed_tb("------------000401080702030605020903",
             "Adjunto la práctica. No alcancé a terminar el minimax, en el readme lo explico.\n\n"
             "Luis Ángel\n\nEl 16/03/16 a las 10:05, Luis Lizárraga escribió:\n"
             "> Hola a todos,\n>\n> Les dejo el enunciado de la Práctica 5 (Minimax). La fecha de entrega es el\n"
             "> miércoles 23 de marzo a las 23:59:59 hrs.\n",
             "Content-Type: application/zip;\n name=\"LuisTorres05.zip\"\n"
             "Content-Disposition: attachment;\n filename=\"LuisTorres05.zip\"",
             archive("Luis Ángel Torres Mendoza", "LuisTorres05.zip")))

# M22. Miguel Ángel: his laptop writes Date in UTC: 05:59 +0000 = 23:59 -0600, on time.
w = t(2016, 3, 24, 5, 59, 0, UTC)
add(w.astimezone(CST) + dt.timedelta(seconds=5),
    [rcv_internal("[132.248.51.77]", "132.248.51.77", w.astimezone(CST) + dt.timedelta(seconds=4), "3qWSmw0RjDz9yj")],
    ["Return-Path: <miguel.fuentes@ciencias.unam.mx>",
     "To: " + TA,
     "From: " + q_utf8("Miguel Ángel Fuentes Lara") + " <miguel.fuentes@ciencias.unam.mx>",
     "Subject: " + q_utf8("práctica05 [ia 2016-2]"),
     "Message-ID: <56F38133.3000409@ciencias.unam.mx>",
     "Date: " + rfc(w),
     SIG_TB,
     "MIME-Version: 1.0",
     "Content-Type: multipart/mixed;\n boundary=\"------------070305020009040107060808\""],
    mixed_tb("------------070305020009040107060808",
             "Justo a tiempo. En el ejemplo mi programa tira X 1 2, que también gana (lo\n"
             "explico en el README.TXT).\n\nMiguel\n",
             "Content-Type: application/zip;\n name=\"FuentesMiguelAngel05.zip\"\n"
             "Content-Disposition: attachment;\n filename=\"FuentesMiguelAngel05.zip\"",
             archive("Miguel Ángel Fuentes Lara", "FuentesMiguelAngel05.zip")))

# M23. Daniela: 6 minutes 48 seconds late, ISO-8859-1 Q subject (Outlook.com style).
w = t(2016, 3, 24, 0, 6, 48)
add(w + dt.timedelta(seconds=3),
    [rcv_internal("[189.217.90.4]", "189.217.90.4", w + dt.timedelta(seconds=2), "3qWT4K6sB8z9yk")],
    ["Return-Path: <daniela.aguilar@ciencias.unam.mx>",
     "From: =?iso-8859-1?Q?Daniela_Aguilar_R=EDos?= <daniela.aguilar@ciencias.unam.mx>",
     "To: \"" + TA + "\" <" + TA + ">",
     "Subject: " + q_latin1("Práctica 05 [IA 2016-2]"),
     "Date: " + rfc(w),
     "Message-ID: <BLU179-W3A8F6C3D1E2F0A4B9C7D@phx.gbl>",
     "Content-Type: multipart/mixed;\n\tboundary=\"_7f3e1b2a-9c4d-4e5f-8a6b-0c1d2e3f4a5b_\"",
     "MIME-Version: 1.0"],
    "--_7f3e1b2a-9c4d-4e5f-8a6b-0c1d2e3f4a5b_\n"
    "Content-Type: text/plain; charset=\"iso-8859-1\"\nContent-Transfer-Encoding: quoted-printable\n\n"
    + __import__("quopri").encodestring(
        "Profesor, la página de AVE no cargaba y por eso la mando por correo.\n\nDaniela Aguilar Ríos\n"
        .encode("iso-8859-1")).decode() +
    "\n--_7f3e1b2a-9c4d-4e5f-8a6b-0c1d2e3f4a5b_\n"
    "Content-Type: application/x-zip-compressed\nContent-Transfer-Encoding: base64\n"
    "Content-Disposition: attachment; filename=\"AguilarDaniela05.zip\"\n\n"
    + b64(archive("Daniela Aguilar Ríos", "AguilarDaniela05.zip")) +
    "\n\n--_7f3e1b2a-9c4d-4e5f-8a6b-0c1d2e3f4a5b_--\n")

# M24. Diego: a late hand-in of practice FOUR (Práctica04), with a zip.
w = t(2016, 3, 24, 9, 2, 11)
p4 = io.BytesIO()
with zipfile.ZipFile(p4, "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr(zipfile.ZipInfo("Busqueda/src/Busqueda.java", (2016, 3, 24, 8, 50, 0)),
               "public class Busqueda {\n    // Practica 4: A*\n}\n")
    z.writestr(zipfile.ZipInfo("readme.txt", (2016, 3, 24, 8, 50, 0)),
               "Diego Armando Ramirez Soto\n312884105\nPractica 4\n")
add(w + dt.timedelta(seconds=2),
    [rcv_internal("[189.146.2.19]", "189.146.2.19", w + dt.timedelta(seconds=1), "3qWgZp1sNbz9yq")],
    ["Return-Path: <diego.ramirez@ciencias.unam.mx>",
     "To: " + TA,
     "From: " + q_utf8("Diego Armando Ramírez Soto") + " <diego.ramirez@ciencias.unam.mx>",
     "Subject: " + q_utf8("Práctica04[IA 2016-2]"),
     "Message-ID: <56F3FDA3.6050208@ciencias.unam.mx>",
     "Date: " + rfc(w),
     SIG_TB,
     "MIME-Version: 1.0",
     "Content-Type: multipart/mixed;\n boundary=\"------------020905060408010306040501\""],
    mixed_tb("------------020905060408010306040501",
             "Luis, sé que ya pasó la fecha de la práctica 4, ¿todavía la puedo entregar?\n\nDiego\n",
             "Content-Type: application/zip;\n name=\"RamirezDiego04.zip\"\n"
             "Content-Disposition: attachment;\n filename=\"RamirezDiego04.zip\"",
             p4.getvalue()))

# M25. Jorge, mail 3 of 3: a "fix" after the deadline (same files, one readme line added).
w = t(2016, 3, 24, 10, 15, 47)
src = archive("Jorge Iván Morales Cruz", "MoralesJorge05.zip")
fix = io.BytesIO()
with zipfile.ZipFile(io.BytesIO(src)) as zin, zipfile.ZipFile(fix, "w", zipfile.ZIP_DEFLATED) as zout:
    for info in zin.infolist():
        data = zin.read(info.filename)
        ni = zipfile.ZipInfo(info.filename, info.date_time)
        ni.external_attr = info.external_attr
        ni.compress_type = zipfile.ZIP_DEFLATED
        if info.filename == "readme.txt":
            data += "24/03: corregí la ortografía de este readme.\n".encode("utf-8")
            ni.date_time = (2016, 3, 24, 10, 10, 0)
        zout.writestr(ni, data)
jtext = "Profe, le mando otra vez la práctica con una corrección en el readme.\n\nJorge\n"
add(w + dt.timedelta(seconds=3),
    [rcv_ours("mail-yw0-f170.google.com", "209.85.161.170", w + dt.timedelta(seconds=2), "3qWjG92TqWz9ys"),
     rcv_gmail_web(w, "jorge3")],
    ["Return-Path: <jorge.morales@ciencias.unam.mx>",
     "MIME-Version: 1.0",
     "In-Reply-To: <CAJm0r4KqZ2=bN7v0_Yh3@mail.gmail.com>",
     "References: <CAJm0r4L3s_1aX0Vw8=dQ@mail.gmail.com>\n <CAJm0r4KqZ2=bN7v0_Yh3@mail.gmail.com>",
     "Date: " + rfc(w),
     "Message-ID: <CAJm0r4J8w=Pz1x0Lq_Tf5@mail.gmail.com>",
     "Subject: " + b_utf8("RE: Práctica05[IA 2016-2]"),
     "From: " + b_utf8("Jorge Iván Morales Cruz") + " <jorge.morales@ciencias.unam.mx>",
     "To: " + TA,
     "Content-Type: multipart/mixed; boundary=001a11c0b9e2f6d0e7052ecc3b51"],
    mixed_gmail("001a11c0b9e2f6d0e7052ecc3b51", "001a11c0b9e2f6d0e2052ecc3b4f", jtext, html_of(jtext),
                "Content-Type: application/zip; name=\"MoralesJorge05.zip\"\n"
                "Content-Disposition: attachment; filename=\"MoralesJorge05.zip\"\n"
                "X-Attachment-Id: f_im1c4h9s0", fix.getvalue()))

# M26. AVE Ciencias (Moodle) notification, unrelated subject.
w = t(2016, 3, 24, 0, 10, 0)
add(w + dt.timedelta(seconds=4),
    [rcv_internal("ave.ciencias.unam.mx", "132.248.28.40", w + dt.timedelta(seconds=3), "3qWT9f0vL1z9ym")],
    ["Return-Path: <noreply@ave.ciencias.unam.mx>",
     "Date: " + rfc(w),
     "To: " + q_utf8("Luis Alfredo Lizárraga Santos") + " <" + TA + ">",
     "From: \"AVE Ciencias (via AVE)\" <noreply@ave.ciencias.unam.mx>",
     "Subject: " + q_utf8("IA 2016-2: Resumen de entregas de Práctica 5: Minimax"),
     "Message-ID: <a1b2c3d4e5f6.1458799800@ave.ciencias.unam.mx>",
     "X-Mailer: PHPMailer 5.2.7 (https://github.com/PHPMailer/PHPMailer/)",
     "Precedence: Bulk",
     "MIME-Version: 1.0",
     "Content-Type: text/plain; charset=\"UTF-8\"",
     "Content-Transfer-Encoding: 8bit"],
    "La tarea \"Práctica 5: Minimax\" cerró el 23 de marzo de 2016, 23:59.\n"
    "Entregas recibidas en la plataforma: 19.\n")

# M27. Alejandra: a desktop whose clock reset to the epoch: Date 1970, Received 25 Mar 11:40.
w_real = t(2016, 3, 25, 11, 40, 15)
add(w_real + dt.timedelta(seconds=2),
    [rcv_internal("[148.204.63.12]", "148.204.63.12", w_real, "3qXCk26fHcz9z2")],
    ["Return-Path: <alejandra.reyes@ciencias.unam.mx>",
     "To: " + TA,
     "From: Alejandra Reyes Moreno <alejandra.reyes@ciencias.unam.mx>",
     "Subject: " + "practica05 [IA 2016-2]",
     "Message-ID: <00000000.2010804@ciencias.unam.mx>",
     "Date: Thu, 01 Jan 1970 00:00:00 +0000",
     SIG_TB_WIN,
     "MIME-Version: 1.0",
     "Content-Type: multipart/mixed;\n boundary=\"------------080601090207040505030909\""],
    mixed_tb("------------080601090207040505030909",
             "Profesor, sé que es tarde; adjunto mi práctica 5.\n\nAlejandra Reyes Moreno\n",
             "Content-Type: application/zip;\n name=\"ReyesAlejandra.zip\"\n"
             "Content-Disposition: attachment;\n filename=\"ReyesAlejandra.zip\"",
             archive("Alejandra Reyes Moreno", "ReyesAlejandra.zip")))

# M28. Paola: Date says Wed 23 Mar 23:50 (before the deadline), but the mail left Gmail's
#      SMTP and reached our server on Sat 26 Mar 01:30 (2 days 1.5 h late).
w_claim = t(2016, 3, 23, 23, 50, 12)
w_real = t(2016, 3, 26, 1, 30, 44)
add(w_real + dt.timedelta(seconds=1),
    [rcv_ours("mail-qk0-f175.google.com", "209.85.220.175", w_real, "3qXq5Y1dM4z9z9"),
     rcv_gmail_smtp(w_real - dt.timedelta(seconds=2), "w12sm4417713qkb.31.2016.03.25")],
    ["Return-Path: <paola.gtz@ciencias.unam.mx>",
     "To: " + TA,
     "From: " + q_utf8("Paola Gutiérrez Rojas") + " <paola.gtz@ciencias.unam.mx>",
     "Subject: " + q_utf8("Práctica05[IA 2016-2]"),
     "Message-ID: <56F37F6C.4030501@ciencias.unam.mx>",
     "Date: " + rfc(w_claim),
     SIG_TB,
     "MIME-Version: 1.0",
     "Content-Type: multipart/mixed;\n boundary=\"------------040809050607010308020604\""],
    mixed_tb("------------040809050607010308020604",
             "Hola, adjunto mi práctica 5. La mandé a tiempo.\n\nPaola Gutiérrez Rojas\n",
             "Content-Type: application/zip;\n name=\"Gutierrez_Paola_05.zip\"\n"
             "Content-Disposition: attachment;\n filename=\"Gutierrez_Paola_05.zip\"",
             archive("Paola Gutiérrez Rojas", "Gutierrez_Paola_05.zip")))


def main():
    MAILS.sort(key=lambda m: m[0])  # the order they arrived in the folder
    out = os.path.join(HERE, "inbox.mbox")
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        for i, (_, text) in enumerate(MAILS):
            f.write(text)
            f.write("\n")  # the blank line before the next "From - "
    print("wrote %s: %d mails" % (out, len(MAILS)))


if __name__ == "__main__":
    main()
