import { describe, expect, it } from 'vitest';
import { BOM, csvField, passwordsSheet, studentsTemplate, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text as it is', () => {
    expect(csvField('Иван')).toBe('Иван');
    expect(csvField('ivan@example.com')).toBe('ivan@example.com');
  });

  it('quotes commas, semicolons, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Petrov, Jr')).toBe('"Petrov, Jr"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded ')).toBe('" padded "');
  });
});

describe('toCsv', () => {
  it('starts with the BOM and ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', 'd'],
      ]),
    ).toBe(`${BOM}a,b\r\nc,d\r\n`);
  });
});

describe('studentsTemplate', () => {
  it('has the header the server skips, then the examples', () => {
    const text = studentsTemplate([['maria@example.com', 'Мария', 'Иванова']]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Email,First Name,Last Name',
      'maria@example.com,Мария,Иванова',
      '',
    ]);
  });
});

describe('passwordsSheet', () => {
  it('lists each person with their password, quoting what needs it', () => {
    const text = passwordsSheet(
      ['First name', 'Last name', 'E-mail', 'Password'],
      [
        { id: 1, first_name: 'Ана', last_name: 'Стоянова', email: 'ana@example.com', password: 'x;y"z' },
        { id: 2, first_name: 'Jo, Jr', last_name: 'Doe', email: 'jo@example.com', password: 'plain' },
      ],
    );
    expect(text).toBe(
      `${BOM}First name,Last name,E-mail,Password\r\n` +
        'Ана,Стоянова,ana@example.com,"x;y""z"\r\n' +
        '"Jo, Jr",Doe,jo@example.com,plain\r\n',
    );
  });
});
