/** A form field's text: "" when the field is missing or holds a file (so never "null" or "[object File]"). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
