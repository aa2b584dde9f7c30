/** Name and course material for the generated demo school. */
export const FIRST_NAMES_F = ['Anna', 'Olga', 'Maria', 'Elena', 'Julia', 'Katharina', 'Svetlana', 'Sabine', 'Natalia', 'Lena', 'Irina', 'Sophie', 'Tatjana', 'Miriam', 'Jana', 'Ludmila'];
export const FIRST_NAMES_M = ['Jonas', 'Dmitri', 'Thomas', 'Alexander', 'Sergej', 'Michael', 'Andrej', 'Stefan', 'Pavel', 'Markus', 'Igor', 'Felix', 'Wladimir', 'Tobias', 'Nikolai', 'Jürgen'];
export const CHILD_NAMES = ['Mia', 'Leon', 'Sofia', 'Maxim', 'Emilia', 'Artjom', 'Hanna', 'Paul', 'Alina', 'Ben', 'Vera', 'Luka', 'Daria', 'Noah', 'Polina', 'Elias', 'Ksenia', 'Matvej', 'Lina', 'Timur', 'Greta', 'Mark', 'Zoe', 'Ilja'];
export const LAST_NAMES = ['Müller', 'Petrova', 'Schulz', 'Iwanow', 'Becker', 'Smirnow', 'Weiß', 'Kusnezow', 'Hoffmann', 'Popow', 'Schäfer', 'Wolkow', 'Koch', 'Sokolow', 'Bauer', 'Lebedew', 'Richter', 'Morosow', 'Klein', 'Nowikow', 'Wagner', 'Fjodorow', 'Krüger', 'Orlow'];
export const STREETS = ['Lindenstraße', 'Hauptstraße', 'Gartenweg', 'Schillerstraße', 'Am Markt', 'Bergstraße', 'Birkenallee', 'Goethestraße', 'Kastanienweg', 'Ringstraße'];
export const CITIES = ['10115 Berlin', '10243 Berlin', '12043 Berlin', '13347 Berlin', '14467 Potsdam', '10967 Berlin'];
export const COURSES = ['Mathematik', 'Russisch', 'Schach', 'Kunst', 'Ballett', 'Musik', 'Deutsch', 'Englisch', 'Robotik', 'Theater', 'Chor', 'Literatur', 'Physik', 'Klavier'];
export const LEVELS = ['Vorschule', 'Anfänger', 'Mittelstufe', 'Fortgeschrittene', 'Gruppe A', 'Gruppe B'];
export const ROOMS = ['Raum 101', 'Raum 102', 'Raum 204', 'Aula', 'Musikraum', 'Turnhalle', 'Raum 7'];

const TRANSLIT: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', é: 'e' };

/** "Jürgen Weiß" → "juergen.weiss" for generated e-mail addresses. */
export function emailLocalPart(first: string, last: string): string {
  return `${first}.${last}`.toLowerCase().replace(/[äöüßé]/g, (c) => TRANSLIT[c] ?? c);
}
