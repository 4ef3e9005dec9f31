import ICAL from "ical.js";

// Calendar files read by a real iCalendar parser (ical.js, Mozilla's): a file the app makes must
// parse, carry what RFC 5545 requires, and read back every value exactly as it was written. The
// parser is lenient (it reads "20261126T120000ZZ" as a UTC time and drops the second Z), so each
// content line is parsed on its own and written back: a value the parser had to repair differs.

/** The value of a content line: what follows the first colon outside a quoted parameter. */
function valueOf(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) return line.slice(i + 1);
  }
  throw new Error(`Not a content line: ${line}`);
}

/** Parses an .ics text, throwing on anything RFC 5545 does not allow; answers its events. */
export function readCalendar(text: string): { calendar: ICAL.Component; events: ICAL.Event[] } {
  // RFC 5545 3.1: lines end in CRLF and are folded at 75 octets.
  if (/(?<!\r)\n/.test(text)) throw new Error("A line ends without CRLF");
  const physical = text.split("\r\n");
  const long = physical.find((line) => Buffer.byteLength(line, "utf8") > 75);
  if (long) throw new Error(`A line is longer than 75 octets: ${long}`);

  for (const line of text.replace(/\r\n[ \t]/g, "").split("\r\n").filter(Boolean)) {
    if (/^(BEGIN|END):/.test(line)) continue;
    const again = valueOf(ICAL.Property.fromString(line).toICALString());
    if (again !== valueOf(line)) throw new Error(`"${line}" does not read back as written (the parser read ${again})`);
  }

  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== "vcalendar") throw new Error(`The file is a ${calendar.name}, not a VCALENDAR`);
  // RFC 5545 3.6: PRODID and VERSION are required; 3.6.1: every VEVENT has a UID and a DTSTAMP.
  if (calendar.getFirstPropertyValue("version") !== "2.0") throw new Error("VERSION:2.0 is missing");
  if (!calendar.getFirstPropertyValue("prodid")) throw new Error("PRODID is missing");
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    for (const required of ["uid", "dtstamp", "dtstart"]) if (!component.hasProperty(required)) throw new Error(`A VEVENT has no ${required.toUpperCase()}`);
    const stamp = component.getFirstPropertyValue("dtstamp") as ICAL.Time;
    if (stamp.zone !== ICAL.Timezone.utcTimezone) throw new Error("DTSTAMP is not in UTC (RFC 5545 3.8.7.2)");
    return new ICAL.Event(component);
  });
  if (events.length === 0) throw new Error("The calendar has no event");
  return { calendar, events };
}
