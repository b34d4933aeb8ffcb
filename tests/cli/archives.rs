//! Archives as students and platforms make them, built by the tests: zip (also with CP437
//! names and hostile entries), tar.gz, and RAR 4 (stored, as WinRAR writes with "store").

use std::io::Write;

/// A file of an archive: its name's bytes and its contents.
pub type Entry<'a> = (&'a [u8], &'a [u8]);

pub fn zip(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in entries {
        writer.start_file(*name, options).unwrap();
        writer.write_all(data).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

/// A zip whose one entry unpacks to `bytes` zeros: a few hundred KiB packed.
pub fn zip_bomb(bytes: usize) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(1))
        .large_file(bytes as u64 > u32::MAX as u64);
    writer.start_file("Minimax/src/datos.bin", options).unwrap();
    let block = vec![0u8; 1 << 20];
    for _ in 0..bytes / block.len() {
        writer.write_all(&block).unwrap();
    }
    writer.finish().unwrap().into_inner()
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = flate2::Crc::new();
    crc.update(data);
    crc.sum()
}

/// A stored zip with names written as raw bytes and no UTF-8 flag, as Windows' own zip tool
/// writes them in CP437.
pub fn zip_raw_names(entries: &[Entry]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, data) in entries {
        let offset = out.len() as u32;
        let crc = crc32(data);
        let fixed = |sig: u32, central: bool| {
            let mut header = Vec::new();
            header.extend(sig.to_le_bytes());
            if central {
                header.extend(20u16.to_le_bytes()); // made by: MS-DOS
            }
            header.extend(20u16.to_le_bytes()); // version needed
            header.extend(0u16.to_le_bytes()); // flags: no UTF-8
            header.extend(0u16.to_le_bytes()); // stored
            header.extend(0u32.to_le_bytes()); // time, date
            header.extend(crc.to_le_bytes());
            header.extend((data.len() as u32).to_le_bytes());
            header.extend((data.len() as u32).to_le_bytes());
            header.extend((name.len() as u16).to_le_bytes());
            header.extend(0u16.to_le_bytes()); // extra
            if central {
                header.extend(0u16.to_le_bytes()); // comment
                header.extend(0u16.to_le_bytes()); // disk
                header.extend(0u16.to_le_bytes()); // internal attributes
                header.extend(0u32.to_le_bytes()); // external attributes
                header.extend(offset.to_le_bytes());
            }
            header.extend(*name);
            header
        };
        out.extend(fixed(0x0403_4b50, false));
        out.extend(*data);
        central.extend(fixed(0x0201_4b50, true));
    }
    let start = out.len() as u32;
    out.extend(&central);
    out.extend(0x0605_4b50u32.to_le_bytes());
    out.extend([0u8; 4]);
    out.extend((entries.len() as u16).to_le_bytes());
    out.extend((entries.len() as u16).to_le_bytes());
    out.extend((central.len() as u32).to_le_bytes());
    out.extend(start.to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out
}

pub fn tar_gz(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    let mut builder = tar::Builder::new(encoder);
    for (name, data) in entries {
        let mut header = tar::Header::new_gnu();
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        header.set_entry_type(tar::EntryType::Regular);
        builder.append_data(&mut header, name, *data).unwrap();
    }
    builder.into_inner().unwrap().finish().unwrap()
}

/// A RAR 4 archive with every file stored (method 0x30).
pub fn rar(entries: &[(&str, &[u8])]) -> Vec<u8> {
    fn block(kind: u8, flags: u16, body: &[u8]) -> Vec<u8> {
        let mut rest = vec![kind];
        rest.extend(flags.to_le_bytes());
        rest.extend(((7 + body.len()) as u16).to_le_bytes());
        rest.extend(body);
        let mut out = ((crc32(&rest) & 0xffff) as u16).to_le_bytes().to_vec();
        out.extend(rest);
        out
    }
    let mut out = b"Rar!\x1a\x07\x00".to_vec();
    out.extend(block(0x73, 0, &[0; 6]));
    for (name, data) in entries {
        let mut body = Vec::new();
        body.extend((data.len() as u32).to_le_bytes()); // packed
        body.extend((data.len() as u32).to_le_bytes()); // unpacked
        body.push(3); // made on Unix
        body.extend(crc32(data).to_le_bytes());
        body.extend(0x5a00_0000u32.to_le_bytes()); // DOS time
        body.push(20); // version 2.0
        body.push(0x30); // stored
        body.extend((name.len() as u16).to_le_bytes());
        body.extend(0o100644u32.to_le_bytes());
        body.extend(name.as_bytes());
        out.extend(block(0x74, 0x8000, &body));
        out.extend(*data);
    }
    out.extend(block(0x7b, 0x4000, &[]));
    out
}
