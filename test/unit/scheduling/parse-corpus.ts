/**
 * Labelled phrases for the natural-language parse (`core/scheduling/`): what a
 * person means by each, written by hand. Dates are what the person means, not
 * what the parser does; titles, places and attendees follow the documented
 * extraction rules (docs/scheduling.md), e.g. "with ..." stays in the title.
 *
 * Unless a phrase says otherwise: zone Europe/Berlin, now Wednesday 2026-06-10
 * 09:00 there, default length 30 minutes, no contacts, no home address.
 * `start` and `end` are wall-clock times in the phrase's zone (`MM-DD HH:mm`, or
 * with the year); `end` may be a length in minutes. `start: null` means the text
 * gives no date at all: no answer is right, and the parse should say so with a
 * confidence below 0.7.
 */
export interface CorpusPhrase {
  readonly text: string
  readonly title: string
  readonly start: string | null
  readonly end: string | number
  /** null, an address (name = the same text), or [name, address]. */
  readonly location: null | string | readonly [string | null, string]
  readonly attendees: readonly (readonly [string, string | null])[]
  readonly timezone: string
  /** Local wall time of the request's clock in `timezone`. */
  readonly now: string
  readonly contacts: readonly { readonly name: string; readonly email: string }[]
  readonly homeAddress: string | null
  readonly category: string
}

type Options = Partial<Pick<CorpusPhrase, 'timezone' | 'now' | 'contacts' | 'homeAddress'>>
type Location = CorpusPhrase['location']
type People = CorpusPhrase['attendees']

export const DEFAULT_NOW = '2026-06-10 09:00'
export const DEFAULT_ZONE = 'Europe/Berlin'

const corpus: CorpusPhrase[] = []
let category = ''
const group = (name: string) => {
  category = name
}
const p = (
  text: string,
  title: string,
  start: string | null,
  end: string | number = 30,
  location: Location = null,
  attendees: People = [],
  options: Options = {},
) => {
  corpus.push({
    text,
    title,
    start,
    end,
    location,
    attendees,
    timezone: options.timezone ?? DEFAULT_ZONE,
    now: options.now ?? DEFAULT_NOW,
    contacts: options.contacts ?? [],
    homeAddress: options.homeAddress ?? null,
    category,
  })
}

// Wed 10 June 2026, 09:00 Berlin. Thu 11, Fri 12, Sat 13, Sun 14, Mon 15, Tue 16, Wed 17, Thu 18, Fri 19.
group('weekday and tomorrow')
p('Lunch with Ana tomorrow at noon', 'Lunch with Ana', '06-11 12:00', 30, null, [['Ana', null]])
p('Dentist appointment Friday 3pm', 'Dentist appointment', '06-12 15:00')
p('Dentist Friday at 3pm', 'Dentist', '06-12 15:00')
p('Call mom tomorrow at 6pm', 'Call mom', '06-11 18:00')
p('Haircut Saturday 11am', 'Haircut', '06-13 11:00')
p('Team meeting Monday 10am', 'Team meeting', '06-15 10:00')
p('Yoga class Thursday 7pm', 'Yoga class', '06-11 19:00')
p('Standup tomorrow 9:15am', 'Standup', '06-11 09:15')
p('Budget review on Tuesday at 2pm', 'Budget review', '06-16 14:00')
p('Pick up dry cleaning tomorrow at 5pm', 'Pick up dry cleaning', '06-11 17:00')
p('Tomorrow 8am gym', 'Gym', '06-11 08:00')
p('Friday 4:30pm drinks', 'Drinks', '06-12 16:30')
p('Sunday 10am brunch', 'Brunch', '06-14 10:00')
p('Parent teacher conference Thursday at 3:45pm', 'Parent teacher conference', '06-11 15:45')
p('Interview with Acme Corp Monday at 11am', 'Interview with Acme Corp', '06-15 11:00', 30, null, [['Acme Corp', null]])
p('Doctor appointment tomorrow at 10:30am', 'Doctor appointment', '06-11 10:30')
p('Piano lesson Saturday 2pm', 'Piano lesson', '06-13 14:00')
p('Quarterly planning Thursday 1pm', 'Quarterly planning', '06-11 13:00')
p('Vet appointment for Max on Friday at 9am', 'Vet appointment for Max', '06-12 09:00')
p('Sprint retro tomorrow at 4pm', 'Sprint retro', '06-11 16:00')
p('1:1 Monday 2pm', '1:1', '06-15 14:00')
p('Book club Tuesday 7:30pm', 'Book club', '06-16 19:30')
p('Oil change Saturday at 8am', 'Oil change', '06-13 08:00')
p('Tennis tomorrow 6:30pm', 'Tennis', '06-11 18:30')
p('Team lunch Friday at 12:30pm', 'Team lunch', '06-12 12:30')
p('Therapy session Thursday at 5pm', 'Therapy session', '06-11 17:00')
p('Conference call tomorrow at 11am', 'Conference call', '06-11 11:00')
p('Submit taxes Monday 9am', 'Submit taxes', '06-15 09:00')
p('Hackathon kickoff Saturday 10am', 'Hackathon kickoff', '06-13 10:00')
p('Run with Tom tomorrow 7am', 'Run with Tom', '06-11 07:00', 30, null, [['Tom', null]])
p('Product demo Thursday 15:00', 'Product demo', '06-11 15:00')
p('Board meeting Friday 09:30', 'Board meeting', '06-12 09:30')
p('Design sync on Monday at 16:00', 'Design sync', '06-15 16:00')
p('Meet the landlord tomorrow at 17:30', 'Meet the landlord', '06-11 17:30')
p('Physio Tuesday 8:15am', 'Physio', '06-16 08:15')
p('School pickup today at 3pm', 'School pickup', '06-10 15:00')
p('Webinar today 2pm', 'Webinar', '06-10 14:00')
p('Coffee today at 10:30am', 'Coffee', '06-10 10:30')
p('Call the bank today at 4pm', 'Call the bank', '06-10 16:00')
p('Dinner reservation Saturday at 8pm', 'Dinner reservation', '06-13 20:00')
p('Flight check-in Thursday 6am', 'Flight check-in', '06-11 06:00')
p('Code review tomorrow 2:30pm', 'Code review', '06-11 14:30')
p('Daily standup tomorrow at 9:00', 'Daily standup', '06-11 09:00')
p('Swim practice Friday 6pm', 'Swim practice', '06-12 18:00')
p('Church Sunday at 10am', 'Church', '06-14 10:00')
p('Farmers market Saturday 9am', 'Farmers market', '06-13 09:00')
p('Date night Friday 7:30pm', 'Date night', '06-12 19:30')
p('Renew passport Monday 10am', 'Renew passport', '06-15 10:00')
p('Client call Tuesday 3pm', 'Client call', '06-16 15:00')
p('Performance review Thursday 11:30am', 'Performance review', '06-11 11:30')
p('Meditation tomorrow 6:45am', 'Meditation', '06-11 06:45')
p('Wedding tasting Saturday at 1pm', 'Wedding tasting', '06-13 13:00')
p('Lecture on Monday at 8:30am', 'Lecture', '06-15 08:30')
p('Recital Sunday 4pm', 'Recital', '06-14 16:00')
p('Groceries tomorrow at 7pm', 'Groceries', '06-11 19:00')
p('Investor update Friday 10am', 'Investor update', '06-12 10:00')
p('Mentoring session Tuesday at 12pm', 'Mentoring session', '06-16 12:00')
p('Town hall Thursday at 4pm', 'Town hall', '06-11 16:00')
p('Pottery class Saturday at 3pm', 'Pottery class', '06-13 15:00')
p('Payroll run Friday at 9am', 'Payroll run', '06-12 09:00')

group('relative')
p('Call Bob in 2 hours', 'Call Bob', '06-10 11:00')
p('call with Bob in 2 hours', 'Call with Bob', '06-10 11:00', 30, null, [['Bob', null]])
p('Check the oven in 30 minutes', 'Check the oven', '06-10 09:30')
p('Meeting in 1 hour', 'Meeting', '06-10 10:00')
p('Stretch break in 15 min', 'Stretch break', '06-10 09:15')
p('Follow up in 3 days at 10am', 'Follow up', '06-13 10:00')
p('Review contract in 2 days at 2pm', 'Review contract', '06-12 14:00')
p('Team offsite in a week at 9am', 'Team offsite', '06-17 09:00')
p('Dentist next week Tuesday at 3pm', 'Dentist', '06-16 15:00')
p('Catch up in 45 minutes', 'Catch up', '06-10 09:45')
p('Deploy in 4 hours', 'Deploy', '06-10 13:00')
p('Ping Sarah in an hour', 'Ping Sarah', '06-10 10:00')
p('Water the plants in 90 minutes', 'Water the plants', '06-10 10:30')
p('Demo the day after tomorrow at 11am', 'Demo', '06-12 11:00')
p('Planning session this Friday at 2pm', 'Planning session', '06-12 14:00')
p('Brainstorm this Thursday 10am', 'Brainstorm', '06-11 10:00')
p('Lunch this Saturday at 1pm', 'Lunch', '06-13 13:00')
p('Call the plumber tomorrow morning at 8', 'Call the plumber', '06-11 08:00')
p('Workshop in 5 days at 9am', 'Workshop', '06-15 09:00')
p('Reminder to stretch in 20 minutes', 'Reminder to stretch', '06-10 09:20')
p('Coffee with Jess in 3 hours', 'Coffee with Jess', '06-10 12:00', 30, null, [['Jess', null]])
p('Team retro in two weeks on Wednesday at 3pm', 'Team retro', '06-24 15:00')
p('Sync in 10 minutes', 'Sync', '06-10 09:10')
p('Pay rent in 2 days at 9am', 'Pay rent', '06-12 09:00')
p('Board prep in 6 hours', 'Board prep', '06-10 15:00')

group('absolute dates')
p('Conference June 20 at 9am', 'Conference', '06-20 09:00')
p('Anniversary dinner on June 25 at 7pm', 'Anniversary dinner', '06-25 19:00')
p('Wedding July 4th at 3pm', 'Wedding', '07-04 15:00')
p('Concert on 18 June at 8pm', 'Concert', '06-18 20:00')
p('Visa appointment on July 2 at 10:15am', 'Visa appointment', '07-02 10:15')
p('Product launch 2026-07-01 at 10:00', 'Product launch', '07-01 10:00')
p('Kickoff on August 3rd 9:30am', 'Kickoff', '08-03 09:30')
p('Graduation June 27 2pm', 'Graduation', '06-27 14:00')
p('Tax deadline meeting on July 15 at 11am', 'Tax deadline meeting', '07-15 11:00')
p('Festival Saturday June 13 at noon', 'Festival', '06-13 12:00')
p('Move-out inspection on June 30th at 4pm', 'Move-out inspection', '06-30 16:00')
p('Trip planning call Monday June 22 at 6pm', 'Trip planning call', '06-22 18:00')
p('Annual checkup September 9 at 8:30am', 'Annual checkup', '09-09 08:30')
p('Reunion on December 19 at 6pm', 'Reunion', '12-19 18:00')
p('Court date Oct 5 at 9am', 'Court date', '10-05 09:00')
p('Fundraiser Nov 14 7pm', 'Fundraiser', '11-14 19:00')
p('Quarterly review on 1 July at 14:00', 'Quarterly review', '07-01 14:00')
p('Baby shower 21 June 3pm', 'Baby shower', '06-21 15:00')
p('Closing on the house July 10th 1pm', 'Closing on the house', '07-10 13:00')
p('New year party December 31 at 9pm', 'New year party', '12-31 21:00')
p('Orientation on Aug 24 at 8am', 'Orientation', '08-24 08:00')
p('Exam on June 16th at 9:00', 'Exam', '06-16 09:00')
p('Dentist 15/06 at 14:30', 'Dentist', '06-15 14:30')
p('Team photo 23/06 at 11am', 'Team photo', '06-23 11:00')
p('Payment due 25/06 at 9am', 'Payment due', '06-25 09:00')
p('Flight 6/20 at 7am', 'Flight', '06-20 07:00', 30, null, [], { timezone: 'America/New_York' })
p('Summer party 7/15 at 6pm', 'Summer party', '07-15 18:00', 30, null, [], { timezone: 'America/Chicago' })
p('Audit 6/30 at 10am', 'Audit', '06-30 10:00', 30, null, [], { timezone: 'America/Los_Angeles' })
p('Open house on January 10 2027 at 1pm', 'Open house', '2027-01-10 13:00')
p('Renewal call March 3rd, 2027 at 10am', 'Renewal call', '2027-03-03 10:00')

group('ranges and durations')
p('Project kickoff next Monday 10-11:30am in Room 4B', 'Project kickoff', '06-15 10:00', '06-15 11:30', 'Room 4B')
p('Workshop from 9 to 5 on June 20', 'Workshop', '06-20 09:00', '06-20 17:00')
p('Design review Friday 2-3pm', 'Design review', '06-12 14:00', '06-12 15:00')
p('Office hours Thursday 1pm-3pm', 'Office hours', '06-11 13:00', '06-11 15:00')
p('Training tomorrow from 9am to 12pm', 'Training', '06-11 09:00', '06-11 12:00')
p('Call tomorrow at 3pm for 45 minutes', 'Call', '06-11 15:00', 45)
p('Interview Friday at 10am for an hour', 'Interview', '06-12 10:00', 60)
p('Strategy session Monday 2pm for 2 hours', 'Strategy session', '06-15 14:00', 120)
p('a 30-minute call with Dana tomorrow at 11am', 'Call with Dana', '06-11 11:00', 30, null, [['Dana', null]])
p('1h sync with the team Thursday 10am', 'Sync with the team', '06-11 10:00', 60)
p('2 hour workshop Saturday at 1pm', 'Workshop', '06-13 13:00', 120)
p('Massage Sunday 3pm for 90 minutes', 'Massage', '06-14 15:00', 90)
p('Focus time tomorrow 9am for 3 hours', 'Focus time', '06-11 09:00', 180)
p('Lunch Friday 12:30-1:30pm', 'Lunch', '06-12 12:30', '06-12 13:30')
p('Seminar tomorrow 14:00-16:30', 'Seminar', '06-11 14:00', '06-11 16:30')
p('Movie Saturday 8pm-10:15pm', 'Movie', '06-13 20:00', '06-13 22:15')
p('Shift Friday 11pm-7am', 'Shift', '06-12 23:00', '06-13 07:00')
p('Coffee chat tomorrow at 10am for 15 minutes', 'Coffee chat', '06-11 10:00', 15)
p('Hike Sunday 8am for 4 hours', 'Hike', '06-14 08:00', 240)
p('Dinner Thursday 7-9pm', 'Dinner', '06-11 19:00', '06-11 21:00')
p('Standup tomorrow at 9:30 for 15 min', 'Standup', '06-11 09:30', 15)
p('Pairing session Monday 1pm for half an hour', 'Pairing session', '06-15 13:00', 30)
p('Volunteer shift Saturday from 10 to 2', 'Volunteer shift', '06-13 10:00', '06-13 14:00')
p('Exam Tuesday 9am-12pm', 'Exam', '06-16 09:00', '06-16 12:00')
p('45 minute run tomorrow at 7am', 'Run', '06-11 07:00', 45)
p('Offsite on June 22 from 9am to 5pm', 'Offsite', '06-22 09:00', '06-22 17:00')
p('Call with Kim Friday between 2 and 3pm', 'Call with Kim', '06-12 14:00', '06-12 15:00', null, [['Kim', null]])
p('Onboarding Monday 10:00-12:00', 'Onboarding', '06-15 10:00', '06-15 12:00')
p('Recording session Thu 4-6pm', 'Recording session', '06-11 16:00', '06-11 18:00')
p('Meeting tomorrow 3pm lasting 1.5 hours', 'Meeting', '06-11 15:00', 90)
p('Study group Thursday 6pm for an hour and a half', 'Study group', '06-11 18:00', 90)
p('Deep work block tomorrow 1h30 at 2pm', 'Deep work block', '06-11 14:00', 90)
p('Quick call Friday 11am for 10 minutes', 'Quick call', '06-12 11:00', 10)
p('Panel discussion on June 18, 3-4:30pm', 'Panel discussion', '06-18 15:00', '06-18 16:30')
p('Gym tomorrow 6-7am', 'Gym', '06-11 06:00', '06-11 07:00')

group('part of day and meals')
p('tomorrow evening drinks with Sam', 'Drinks with Sam', '06-11 18:00', 30, null, [['Sam', null]])
p('Lunch tomorrow', 'Lunch', '06-11 12:00')
p('Breakfast with Lee on Friday', 'Breakfast with Lee', '06-12 08:00', 30, null, [['Lee', null]])
p('Dinner with the Smiths Saturday', 'Dinner with the Smiths', '06-13 19:00')
p('Call mom Sunday afternoon', 'Call mom', '06-14 14:00')
p('Gym tomorrow morning', 'Gym', '06-11 09:00')
p('Movie night tonight', 'Movie night', '06-10 19:00')
p('Lunch at noon on Friday', 'Lunch', '06-12 12:00')
p('Meet Paul at noon tomorrow', 'Meet Paul', '06-11 12:00')
p('Deploy at midnight tomorrow', 'Deploy', '06-12 00:00')
p('Brunch Sunday', 'Brunch', '06-14 11:00')
p('Team dinner Thursday evening', 'Team dinner', '06-11 18:00')
p('Study session Monday afternoon', 'Study session', '06-15 14:00')
p('Walk the dog this evening', 'Walk the dog', '06-10 18:00')
p('Read chapter 3 tonight', 'Read chapter 3', '06-10 19:00')
p('Lunch with Priya at lunchtime tomorrow', 'Lunch with Priya', '06-11 12:00', 30, null, [['Priya', null]])
p('Noon meeting Friday', 'Meeting', '06-12 12:00')
p('Party Saturday night', 'Party', '06-13 20:00')
p('Conference all day June 24', 'Conference', '06-24 00:00', '06-25 00:00')
p('Holiday on Friday all day', 'Holiday', '06-12 00:00', '06-13 00:00')

group('attendees')
p('Sync with bob@example.com tomorrow at 3pm', 'Sync with bob', '06-11 15:00', 30, null, [['bob', 'bob@example.com']])
p(
  'Meeting with ana@example.com and tom@example.com Friday at 10am',
  'Meeting with ana and tom',
  '06-12 10:00',
  30,
  null,
  [
    ['ana', 'ana@example.com'],
    ['tom', 'tom@example.com'],
  ],
)
p(
  'Invite ana@example.com and tom@example.com to design review Friday 2-3pm',
  'Design review',
  '06-12 14:00',
  '06-12 15:00',
  null,
  [
    ['ana', 'ana@example.com'],
    ['tom', 'tom@example.com'],
  ],
)
p('Lunch with Ana and bob@example.com tomorrow at 1pm', 'Lunch with Ana and bob', '06-11 13:00', 30, null, [
  ['Ana', null],
  ['bob', 'bob@example.com'],
])
p('Planning with Ana, Ben and Chris Monday 10am', 'Planning with Ana, Ben and Chris', '06-15 10:00', 30, null, [
  ['Ana', null],
  ['Ben', null],
  ['Chris', null],
])
p('Coffee with Maria Garcia tomorrow at 9am', 'Coffee with Maria Garcia', '06-11 09:00', 30, null, [
  ['Maria Garcia', null],
])
p('Call with Jane Doe <jane.doe@example.com> Friday 4pm', 'Call with Jane Doe', '06-12 16:00', 30, null, [
  ['Jane Doe', 'jane.doe@example.com'],
])
p('Review with Omar (omar@corp.example) Thursday 11am', 'Review with Omar', '06-11 11:00', 30, null, [
  ['Omar', 'omar@corp.example'],
])
p(
  'Lunch with Ana tomorrow at noon',
  'Lunch with Ana',
  '06-11 12:00',
  30,
  null,
  [['Ana Silva', 'ana.silva@example.com']],
  { contacts: [{ name: 'Ana Silva', email: 'ana.silva@example.com' }] },
)
p(
  'Call with Ana Silva Friday 3pm',
  'Call with Ana Silva',
  '06-12 15:00',
  30,
  null,
  [['Ana Silva', 'ana.silva@example.com']],
  {
    contacts: [
      { name: 'Ana Silva', email: 'ana.silva@example.com' },
      { name: 'Ana Costa', email: 'ana.costa@example.com' },
    ],
  },
)
p('Sync with ana Monday 2pm', 'Sync with ana', '06-15 14:00', 30, null, [['Ana Silva', 'ana.silva@example.com']], {
  contacts: [{ name: 'Ana Silva', email: 'ana.silva@example.com' }],
})
p('Lunch with mom Sunday at 1pm', 'Lunch with mom', '06-14 13:00')
p('Meeting with the team Thursday 10am', 'Meeting with the team', '06-11 10:00')
p('Standup with everyone tomorrow 9:30am', 'Standup with everyone', '06-11 09:30')
p('Dinner w/ Alex Friday 8pm', 'Dinner w/ Alex', '06-12 20:00', 30, null, [['Alex', null]])
p('Budget review Monday 10am cc finance@example.com', 'Budget review', '06-15 10:00', 30, null, [
  ['finance', 'finance@example.com'],
])
p('carol@example.com: contract review tomorrow 4pm', 'Contract review', '06-11 16:00', 30, null, [
  ['carol', 'carol@example.com'],
])
p('Interview with Dr. Patel Tuesday at 9am', 'Interview with Dr. Patel', '06-16 09:00', 30, null, [['Dr. Patel', null]])
p('Tennis with Luke & Leia Saturday 10am', 'Tennis with Luke and Leia', '06-13 10:00', 30, null, [
  ['Luke', null],
  ['Leia', null],
])
p('Catch up with Sophie tomorrow 5pm', 'Catch up with Sophie', '06-11 17:00', 30, null, [['Sophie', null]])
p('1:1 with manager@example.com Thursday 2pm', '1:1 with manager', '06-11 14:00', 30, null, [
  ['manager', 'manager@example.com'],
])
p('Pitch practice with Raj and Mei tomorrow at 3pm', 'Pitch practice with Raj and Mei', '06-11 15:00', 30, null, [
  ['Raj', null],
  ['Mei', null],
])
p('Walk with grandma Sunday at 10am', 'Walk with grandma', '06-14 10:00')
p('Sync with Ben Friday 11am', 'Sync with Ben', '06-12 11:00', 30, null, [['Ben', null]], {
  contacts: [
    { name: 'Ben Stone', email: 'ben.stone@example.com' },
    { name: 'Ben Okafor', email: 'ben.okafor@example.com' },
  ],
})
p('Meeting with Zoe and zoe@example.com tomorrow 10am', 'Meeting with Zoe and zoe', '06-11 10:00', 30, null, [
  ['Zoe', null],
  ['zoe', 'zoe@example.com'],
])
p('Demo for Liam tomorrow 2pm with liam@client.example', 'Demo for Liam with liam', '06-11 14:00', 30, null, [
  ['liam', 'liam@client.example'],
])
p('Lunch with Noah tomorrow', 'Lunch with Noah', '06-11 12:00', 30, null, [['Noah', null]])
p(
  'Call with Emma Watson and james@example.com on Friday at 9am',
  'Call with Emma Watson and james',
  '06-12 09:00',
  30,
  null,
  [
    ['Emma Watson', null],
    ['james', 'james@example.com'],
  ],
)
p('Coffee with my sister Saturday at 11am', 'Coffee with my sister', '06-13 11:00')
p(
  'Quarterly sync with Kai, Lena, Mo and Nia Tuesday 3pm',
  'Quarterly sync with Kai, Lena, Mo and Nia',
  '06-16 15:00',
  30,
  null,
  [
    ['Kai', null],
    ['Lena', null],
    ['Mo', null],
    ['Nia', null],
  ],
)
p('Meet Sarah Thursday 5pm', 'Meet Sarah', '06-11 17:00')
p('Interview candidate with hr@example.com Friday 1pm', 'Interview candidate with hr', '06-12 13:00', 30, null, [
  ['hr', 'hr@example.com'],
])
p(
  'Drinks with Marco tomorrow at 8pm',
  'Drinks with Marco',
  '06-11 20:00',
  30,
  null,
  [['Marco Rossi', 'marco@example.com']],
  {
    contacts: [{ name: 'Marco Rossi', email: 'marco@example.com' }],
  },
)
p(
  'Planning with Ana and Marco Monday 9am',
  'Planning with Ana and Marco',
  '06-15 09:00',
  30,
  null,
  [
    ['Ana', null],
    ['Marco Rossi', 'marco@example.com'],
  ],
  { contacts: [{ name: 'Marco Rossi', email: 'marco@example.com' }] },
)
p('Office visit with Chen Wei Friday at 2pm', 'Office visit with Chen Wei', '06-12 14:00', 30, null, [
  ['Chen Wei', null],
])
p('Jam session with Dev tomorrow 7pm', 'Jam session with Dev', '06-11 19:00', 30, null, [['Dev', null]])

group('locations')
p(
  'Coffee with Ana at Blue Bottle, 66 Mint St tomorrow 10am',
  'Coffee with Ana',
  '06-11 10:00',
  30,
  ['Blue Bottle', '66 Mint St'],
  [['Ana', null]],
)
p('Meet Sarah at Hauptstraße 5, 10115 Berlin on Monday at 14:00', 'Meet Sarah', '06-15 14:00', 30, [
  null,
  'Hauptstraße 5, 10115 Berlin',
])
p('Dinner at Luigi Trattoria Friday 8pm', 'Dinner', '06-12 20:00', 30, 'Luigi Trattoria')
p('Lunch at Café Central tomorrow at 1pm', 'Lunch', '06-11 13:00', 30, 'Café Central')
p('Meeting at 221 Baker Street tomorrow 10am', 'Meeting', '06-11 10:00', 30, [null, '221 Baker Street'])
p('Interview at 1600 Amphitheatre Parkway Friday at 9am', 'Interview', '06-12 09:00', 30, [
  null,
  '1600 Amphitheatre Parkway',
])
p('Team lunch at Joe Pizza Thursday 12:30pm', 'Team lunch', '06-11 12:30', 30, 'Joe Pizza')
p('Standup in Room 204 tomorrow 9:30am', 'Standup', '06-11 09:30', 30, 'Room 204')
p('Workshop in Conference Room B Monday 2pm', 'Workshop', '06-15 14:00', 30, 'Conference Room B')
p('Zoom call with Carla Thursday at 4pm', 'Zoom call with Carla', '06-11 16:00', 30, null, [['Carla', null]])
p('Sync on Zoom tomorrow at 11am', 'Sync', '06-11 11:00')
p('Catch up via Google Meet Friday 3pm', 'Catch up', '06-12 15:00')
p('Weekly review on Teams Monday 10am', 'Weekly review', '06-15 10:00')
p('Phone call with the insurer tomorrow at 2pm', 'Phone call with the insurer', '06-11 14:00')
p('Yoga at the park Saturday 9am', 'Yoga', '06-13 09:00', 30, 'the park')
p('Book club at Ana’s place Tuesday 7pm', 'Book club', '06-16 19:00', 30, 'Ana’s place')
p('Movie at Odeon Cinema Saturday 8pm', 'Movie', '06-13 20:00', 30, 'Odeon Cinema')
p('Haircut at Supercuts, 500 Market St Friday 5pm', 'Haircut', '06-12 17:00', 30, ['Supercuts', '500 Market St'])
p('Dinner @ Nobu Saturday 9pm', 'Dinner', '06-13 21:00', 30, 'Nobu')
p('Gym at home tomorrow 7am', 'Gym', '06-11 07:00', 30, null)
p('Work from home Friday 9am', 'Work from home', '06-12 09:00')
p('Party at home Saturday 8pm', 'Party', '06-13 20:00', 30, ['Home', 'Linienstraße 10, 10119 Berlin'], [], {
  homeAddress: 'Linienstraße 10, 10119 Berlin',
})
p('Meeting at the office tomorrow 10am', 'Meeting', '06-11 10:00', 30, null)
p('Lunch in Kreuzberg Friday 1pm', 'Lunch', '06-12 13:00', 30, 'Kreuzberg')
p('Training in Building 4 Monday 9am', 'Training', '06-15 09:00', 30, 'Building 4')
p('Pickup at Berlin Hauptbahnhof Thursday 6pm', 'Pickup', '06-11 18:00', 30, 'Berlin Hauptbahnhof')
p('Breakfast at The Breakfast Club tomorrow 8am', 'Breakfast', '06-11 08:00', 30, 'The Breakfast Club')
p(
  'Location: Main Library, study room 3 — group project Tuesday 4pm',
  'Group project',
  '06-16 16:00',
  30,
  'Main Library, study room 3',
)
p('Drinks at Bar Tausend tomorrow 9pm with Jo', 'Drinks with Jo', '06-11 21:00', 30, 'Bar Tausend', [['Jo', null]])
p('Doctor at 350 Fifth Avenue, New York Monday 11am', 'Doctor', '06-15 11:00', 30, [null, '350 Fifth Avenue, New York'])
p('Pick up keys at Torstraße 120 Friday at 6pm', 'Pick up keys', '06-12 18:00', 30, [null, 'Torstraße 120'])
p('Volunteering at the food bank Saturday 10am', 'Volunteering', '06-13 10:00', 30, 'the food bank')
p('Coffee at Starbucks tomorrow 8:30am', 'Coffee', '06-11 08:30', 30, 'Starbucks')
p('Team building at Escape Room Berlin Friday 4pm', 'Team building', '06-12 16:00', 30, 'Escape Room Berlin')
p('Check-in at Hotel Adlon Thursday 3pm', 'Check-in', '06-11 15:00', 30, 'Hotel Adlon')

group('daylight saving')
// Europe/Berlin springs forward on Sunday 2026-03-29 (02:00 -> 03:00) and falls back on Sunday 2026-10-25 (03:00 -> 02:00).
const berlinSpring = { now: '2026-03-28 10:00' }
const berlinFall = { now: '2026-10-24 10:00' }
p('Brunch tomorrow at 11am', 'Brunch', '03-29 11:00', 30, null, [], berlinSpring)
p('Run tomorrow at 9am', 'Run', '03-29 09:00', 30, null, [], berlinSpring)
p('Call in 24 hours', 'Call', '03-29 11:00', 30, null, [], berlinSpring)
p('Flight Monday 6am', 'Flight', '03-30 06:00', 30, null, [], berlinSpring)
p('Night shift tomorrow 1am-4am', 'Night shift', '03-29 01:00', '03-29 04:00', null, [], berlinSpring)
p('Backup job tomorrow 2:30am', 'Backup job', '03-29 03:30', 30, null, [], berlinSpring)
p('Brunch tomorrow at 11am', 'Brunch', '10-25 11:00', 30, null, [], berlinFall)
p('Run tomorrow at 9am', 'Run', '10-25 09:00', 30, null, [], berlinFall)
p('Call in 24 hours', 'Call', '10-25 09:00', 30, null, [], berlinFall)
p('Standup Monday 9:30am', 'Standup', '10-26 09:30', 30, null, [], berlinFall)
p('Concert tomorrow 8pm for 2 hours', 'Concert', '10-25 20:00', 120, null, [], berlinFall)
p('Night shift tomorrow 1am-4am', 'Night shift', '10-25 01:00', '10-25 04:00', null, [], berlinFall)
// America/New_York springs forward on Sunday 2026-03-08 and falls back on Sunday 2026-11-01.
const nySpring = { timezone: 'America/New_York', now: '2026-03-07 10:00' }
const nyFall = { timezone: 'America/New_York', now: '2026-10-31 10:00' }
p('Pancakes tomorrow at 10am', 'Pancakes', '03-08 10:00', 30, null, [], nySpring)
p('Call Dad tomorrow 5pm', 'Call Dad', '03-08 17:00', 30, null, [], nySpring)
p('Ping the on-call in 24 hours', 'Ping the on-call', '03-08 11:00', 30, null, [], nySpring)
p('Team sync Monday 9am', 'Team sync', '03-09 09:00', 30, null, [], nySpring)
p('Maintenance window tomorrow 2:15am', 'Maintenance window', '03-08 03:15', 30, null, [], nySpring)
p('Pancakes tomorrow at 10am', 'Pancakes', '11-01 10:00', 30, null, [], nyFall)
p('Call Dad tomorrow 5pm', 'Call Dad', '11-01 17:00', 30, null, [], nyFall)
p('Ping the on-call in 24 hours', 'Ping the on-call', '11-01 09:00', 30, null, [], nyFall)
p('Team sync Monday 9am', 'Team sync', '11-02 09:00', 30, null, [], nyFall)
p('Movie tomorrow 7pm-9pm', 'Movie', '11-01 19:00', '11-01 21:00', null, [], nyFall)
// Australia/Sydney falls back on Sunday 2026-04-05 and springs forward on Sunday 2026-10-04.
p('Surf lesson tomorrow 8am', 'Surf lesson', '04-05 08:00', 30, null, [], {
  timezone: 'Australia/Sydney',
  now: '2026-04-04 12:00',
})
p('Surf lesson tomorrow 8am', 'Surf lesson', '10-04 08:00', 30, null, [], {
  timezone: 'Australia/Sydney',
  now: '2026-10-03 12:00',
})
p('Call in 24 hours', 'Call', '10-04 13:00', 30, null, [], { timezone: 'Australia/Sydney', now: '2026-10-03 12:00' })

group('other zones')
p('Standup tomorrow at 10am', 'Standup', '06-11 10:00', 30, null, [], {
  timezone: 'Asia/Tokyo',
  now: '2026-06-10 23:30',
})
p('Lunch today at 1pm', 'Lunch', '06-10 13:00', 30, null, [], { timezone: 'Asia/Kolkata', now: '2026-06-10 08:00' })
p('Call Friday at 4pm', 'Call', '06-12 16:00', 30, null, [], { timezone: 'America/Los_Angeles' })
p('Review Monday 11am', 'Review', '06-15 11:00', 30, null, [], { timezone: 'UTC' })
p('Team call tomorrow 3pm', 'Team call', '06-11 15:00', 30, null, [], { timezone: 'America/Sao_Paulo' })
p('Dinner tonight at 8', 'Dinner', '06-10 20:00', 30, null, [], { timezone: 'Europe/London', now: '2026-06-10 17:00' })
p('Sync tomorrow 9am', 'Sync', '2027-01-01 09:00', 30, null, [], {
  timezone: 'Pacific/Auckland',
  now: '2026-12-31 22:00',
})
p('Meeting at 3pm EST tomorrow', 'Meeting', '06-11 22:00', 30, null, [])
p('Call at 9am PST Friday', 'Call', '06-12 19:00', 30, null, [])

group('ambiguous')
p('meeting at 9', 'Meeting', '06-11 09:00', 30)
p('Meeting at 10 tomorrow', 'Meeting', '06-11 10:00')
p('Dinner at 7 with Mark', 'Dinner with Mark', '06-10 19:00', 30, null, [['Mark', null]])
p('Call at 4', 'Call', '06-10 16:00')
p('Board meeting 3/4 at 10', 'Board meeting', '2027-04-03 10:00')
p('Sync 5/6 at 2pm', 'Sync', '2027-06-05 14:00')
p('Dentist next Friday at 3pm', 'Dentist', '06-19 15:00')
p('Drinks next Saturday 8pm', 'Drinks', '06-20 20:00')
p('Team meeting', 'Team meeting', null)
p('Coffee with Ana', 'Coffee with Ana', null, 30, null, [['Ana', null]])
p('Lunch', 'Lunch', null)
p('Dentist Friday', 'Dentist', '06-12 09:00')
p('Dinner Friday or Saturday', 'Dinner', '06-12 19:00')
p('Call at 3 or 4 tomorrow', 'Call', '06-11 15:00')
p('Meeting tomorrow at 3pm, or maybe Friday at 2pm', 'Meeting', '06-11 15:00')
p('Team standup every day at 9am', 'Team standup', '06-11 09:00')
p('Weekly 1:1 every Monday at 10am', 'Weekly 1:1', '06-15 10:00')
p('Yoga at 7', 'Yoga', '06-10 19:00')
p('Breakfast at 8', 'Breakfast', '06-11 08:00')
p('Review at 11 on Thursday', 'Review', '06-11 11:00')
p('Lunch yesterday at 1pm', 'Lunch', '06-09 13:00')
p('Catch up sometime next week', 'Catch up', null)

group('typos')
p('tmrw 9am gym', 'Gym', '06-11 09:00')
p('Lunch tomorow at 1pm', 'Lunch', '06-11 13:00')
p('Meeting tommorow 3pm', 'Meeting', '06-11 15:00')
p('Call tues at 4pm', 'Call', '06-16 16:00')
p('Dinner thurs 7pm', 'Dinner', '06-11 19:00')
p('Standup wednsday 10am', 'Standup', '06-17 10:00')
p('Sync nxt monday 2pm', 'Sync', '06-15 14:00')
p('Movie tonite 9pm', 'Movie', '06-10 21:00')
p('Dentist firday 11am', 'Dentist', '06-12 11:00')
p('Coffee 2moro 10am', 'Coffee', '06-11 10:00')
p('Haircut sat 3 p.m.', 'Haircut', '06-13 15:00')
p('Call tmr at 5 pm', 'Call', '06-11 17:00')
p('Lunch w/ Kate thrusday 12:30', 'Lunch w/ Kate', '06-11 12:30', 30, null, [['Kate', null]])
p('meetng tomorrow 10am', 'Meetng', '06-11 10:00')
p('dentst apointment friday 2pm', 'Dentst apointment', '06-12 14:00')
p('Team lunch tomorrw at noon', 'Team lunch', '06-11 12:00')
p('Pick up kids at 3p tomorrow', 'Pick up kids', '06-11 15:00')

group('hostile')
p('', 'New event', null)
p('   ', 'New event', null)
p("'; DROP TABLE events; --", 'DROP TABLE events', null)
p("Robert'); DROP TABLE students;-- tomorrow 3pm", "Robert'); DROP TABLE students", '06-11 15:00')
p('<script>alert(1)</script>Board meeting Friday 2pm', 'Board meeting', '06-12 14:00')
p('<b>Lunch</b> with <i>Ana</i> tomorrow at noon', 'Lunch with Ana', '06-11 12:00', 30, null, [['Ana', null]])
p('<img src=x onerror=alert(1)> Review Monday 10am', 'Review', '06-15 10:00')
p('Call\u0000 the\u0007 bank tomorrow\u001b 4pm', 'Call the bank', '06-11 16:00')
p('Sync\u200b tomorrow\u202e at 3pm', 'Sync', '06-11 15:00')
p('🎂 Birthday party Saturday 8pm', '🎂 Birthday party', '06-13 20:00')
p('🍕🍕🍕 pizza night Friday 7pm 🎉', '🍕🍕🍕 pizza night 🎉', '06-12 19:00')
p('☕️ with Zoe tomorrow 9am', '☕️ with Zoe', '06-11 09:00', 30, null, [['Zoe', null]])
p(`Planning ${'very '.repeat(150)}long meeting tomorrow at 10am`, `Planning ${'very '.repeat(37)}very…`, '06-11 10:00')
p('a'.repeat(1500), `${'A'}${'a'.repeat(199)}…`, null)
// A template-injection probe, written with \u0024 for the dollar sign so that it is plainly not a template here.
p('{{7*7}} \u0024{jndi:ldap://x} tomorrow 3pm', '{{7*7}} \u0024{jndi:ldap://x}', '06-11 15:00')
p('SELECT * FROM users WHERE 1=1 Friday 2pm', 'SELECT * FROM users WHERE 1=1', '06-12 14:00')
p('../../etc/passwd Monday 9am', '../../etc/passwd', '06-15 09:00')
p('Meeting tomorrow at 3pm https://zoom.us/j/123456789', 'Meeting', '06-11 15:00')
p('Call +1 (555) 010-9999 tomorrow 11am', 'Call +1 (555) 010-9999', '06-11 11:00')
p('!!!!!!!! tomorrow 9am', 'New event', '06-11 09:00')
p('ＬＵＮＣＨ tomorrow at 1pm', 'LUNCH', '06-11 13:00')
p('Lunch\n\ntomorrow\tat 1pm', 'Lunch', '06-11 13:00')

group('held-out')
// Written after the parser was tuned on the groups above and never tuned against: its accuracy is the honest figure.
p('Grab coffee with Lucia on Thursday at 10', 'Grab coffee with Lucia', '06-11 10:00', 30, null, [['Lucia', null]])
p('Appointment with the optician Monday at 4:15pm', 'Appointment with the optician', '06-15 16:15')
p('Kids soccer game Saturday morning', 'Kids soccer game', '06-13 09:00')
p('Lunch meeting tomorrow 12-1', 'Lunch meeting', '06-11 12:00', '06-11 13:00')
p('Pick up Anna from the airport Friday 6:40pm', 'Pick up Anna from the airport', '06-12 18:40')
p('Send invoice reminder on the 15th', 'Send invoice reminder', '06-15 09:00')
p('Rehearsal at Studio 9 Thursday 7pm-10pm', 'Rehearsal', '06-11 19:00', '06-11 22:00', 'Studio 9')
p('Call with investors next Tuesday 5pm', 'Call with investors', '06-16 17:00')
p('Car service at 12 Elm Road tomorrow at 8:30am', 'Car service', '06-11 08:30', 30, [null, '12 Elm Road'])
p('Birthday dinner for Jules at Mama Roma Saturday 7:30pm', 'Birthday dinner for Jules', '06-13 19:30', 30, 'Mama Roma')
p('Webinar with marketing@example.com Thursday 11am for 1 hour', 'Webinar with marketing', '06-11 11:00', 60, null, [
  ['marketing', 'marketing@example.com'],
])
p('Parents evening at school next Thursday 6pm', 'Parents evening', '06-18 18:00', 30, 'school')
p('Laundry in 40 minutes', 'Laundry', '06-10 09:40')
p('Bike repair Saturday 2:30', 'Bike repair', '06-13 14:30')
p('Meet Tom and Jerry for drinks at 9 tonight', 'Meet Tom and Jerry for drinks', '06-10 21:00')
p('Interview prep with Chloe tomorrow from 4 to 5pm', 'Interview prep with Chloe', '06-11 16:00', '06-11 17:00', null, [
  ['Chloe', null],
])
p('Standup 9:45 tomorrow', 'Standup', '06-11 09:45')
p('Dentist on Jun 30 at 8am', 'Dentist', '06-30 08:00')
p('Team dinner at Pasta Bar on Friday the 12th at 8pm', 'Team dinner', '06-12 20:00', 30, 'Pasta Bar')
p('Call Grandpa Sunday evening', 'Call Grandpa', '06-14 18:00')
p('Coffee w/ Nina & Omar at 3pm tomorrow', 'Coffee w/ Nina and Omar', '06-11 15:00', 30, null, [
  ['Nina', null],
  ['Omar', null],
])
p('Review PR #42 in 2 hrs', 'Review PR #42', '06-10 11:00')
p('Vaccination appointment 17 June 10:20', 'Vaccination appointment', '06-17 10:20')
p('Football on TV tonight at 9', 'Football on TV', '06-10 21:00')
p(
  'Quarterly business review on Monday from 1pm to 3:30pm in Room Atlas',
  'Quarterly business review',
  '06-15 13:00',
  '06-15 15:30',
  'Room Atlas',
)
p('Move the couch with Ben Saturday at 11', 'Move the couch with Ben', '06-13 11:00', 30, null, [['Ben', null]])
p('Scrum of scrums tomorrow at half past ten', 'Scrum of scrums', '06-11 10:30')
p('Pay electricity bill Friday', 'Pay electricity bill', '06-12 09:00')
p('Karaoke night with the gang Friday 10pm', 'Karaoke night with the gang', '06-12 22:00')
p('Flight to Lisbon July 3 at 6:55am', 'Flight to Lisbon', '07-03 06:55')

export const PARSE_CORPUS: readonly CorpusPhrase[] = corpus
