/** The name of a language in the interface language, capitalised ("английски" -> "Английски"). */
export function languageName(code: string, interfaceLanguage: string): string {
  if (!code) return '';
  try {
    const name = new Intl.DisplayNames([interfaceLanguage], { type: 'language' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(interfaceLanguage) + name.slice(1);
  } catch {
    return code;
  }
}
