/** Deterministic, realistic-looking demo data: the same seed gives the same rows on every machine. */
const FIRST = [
  "Aarav",
  "Priya",
  "Rohan",
  "Ananya",
  "Vikram",
  "Isha",
  "Kabir",
  "Meera",
  "Arjun",
  "Sneha",
  "Dev",
  "Kavya",
  "Nikhil",
  "Tara",
  "Rahul",
  "Diya",
  "Sameer",
  "Pooja",
  "Aditya",
  "Neha",
  "Karan",
  "Riya",
  "Varun",
  "Aisha",
]
const LAST = ["Sharma", "Iyer", "Mehta", "Reddy", "Kapoor", "Nair", "Gupta", "Das", "Joshi", "Rao", "Menon", "Bose", "Patel", "Singh", "Verma", "Chopra"]
const CITIES: Array<[string, string, string]> = [
  ["Mumbai", "Maharashtra", "400001"],
  ["Bengaluru", "Karnataka", "560001"],
  ["Chennai", "Tamil Nadu", "600001"],
  ["Pune", "Maharashtra", "411001"],
  ["Hyderabad", "Telangana", "500001"],
  ["Kolkata", "West Bengal", "700001"],
  ["Jaipur", "Rajasthan", "302001"],
  ["Kochi", "Kerala", "682001"],
]

export interface DemoPerson {
  name: string
  emailLocal: string
  number: string
  city: string
  state: string
  pinCode: string
}

export function demoPerson(index: number): DemoPerson {
  const first = FIRST[index % FIRST.length]!
  const last = LAST[(index * 7 + 3) % LAST.length]!
  const [city, state, pinCode] = CITIES[(index * 5) % CITIES.length]!
  return {
    name: `${first} ${last}`,
    emailLocal: `${first}.${last}${index}`.toLowerCase(),
    number: String(9000000000 + ((index * 7919) % 99999999)),
    city,
    state,
    pinCode,
  }
}

/** A time `daysAgo` days (fractional allowed) before `now`, for spreading createdAt over weeks. */
export const daysBefore = (now: number, daysAgo: number): Date => new Date(now - daysAgo * 24 * 60 * 60 * 1000)
