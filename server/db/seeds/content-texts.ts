import type { PressItem } from "../../../src/api/contract/content/press.ts"

/** Demo texts for the website content; bodies use the editor's colours, headings, lists and links. */
interface DemoBlog {
  name: string
  title: string
  keyword: string
  description: string
  about: string
}

const TOPICS: Array<[string, string, string, string, string[]]> = [
  [
    "Morning Yoga for Busy People",
    "Ten minutes of yoga before work",
    "yoga, morning routine, stretching",
    "A short sequence that wakes the body up without a mat class.",
    ["Cat-cow for the spine", "Low lunge for the hips", "Three rounds of box breathing"],
  ],
  [
    "Know Your Tenant Rights",
    "What every tenant in India should know",
    "tenancy, rent agreement, deposit",
    "Deposits, notice periods and repairs explained in plain words.",
    ["Keep a signed rent agreement", "Ask for receipts for every payment", "Give written notice before leaving"],
  ],
  [
    "Eating Well on a Budget",
    "Balanced meals from an Indian kitchen",
    "nutrition, budget meals, dal",
    "How pulses, seasonal vegetables and millets make a cheap, complete plate.",
    ["Plan the week's meals on Sunday", "Buy vegetables in season", "Cook dal in bulk and vary the tadka"],
  ],
  [
    "Managing Exam Stress",
    "Helping students through exam season",
    "stress, students, counselling",
    "Signs of exam anxiety and what parents and students can do about it.",
    ["Sleep before screens", "Short breaks every 45 minutes", "Talk to someone early"],
  ],
  [
    "Dressing for Interviews",
    "First impressions that last",
    "image consulting, interview, wardrobe",
    "A practical wardrobe checklist for interviews in person and on video.",
    ["Fit matters more than brand", "Neutral colours on camera", "Lay everything out the night before"],
  ],
  [
    "Consumer Complaints 101",
    "When a product or service lets you down",
    "consumer law, complaints, refunds",
    "How to write to a seller, escalate, and file with the consumer commission.",
    ["Keep the invoice and warranty", "Write to the seller first", "File online if there is no answer in 30 days"],
  ],
  [
    "Sleep Hygiene Basics",
    "Better nights start in the evening",
    "sleep, wellness, habits",
    "Simple evening habits that make falling asleep easier.",
    ["Same bedtime every night", "Dim the lights after dinner", "Keep the phone out of the bedroom"],
  ],
  [
    "Diabetes-Friendly Breakfasts",
    "Starting the day without a sugar spike",
    "diabetes, breakfast, nutrition",
    "Breakfasts built around protein and fibre, with familiar ingredients.",
    ["Moong dal chilla with vegetables", "Vegetable poha with peanuts", "Curd with seeds instead of sweet cereal"],
  ],
  [
    "Yoga for Back Pain",
    "Gentle movement for a stiff back",
    "yoga, back pain, posture",
    "Poses that ease a stiff lower back, and the ones to avoid.",
    ["Child's pose", "Supine twist", "Bridge pose with support"],
  ],
  [
    "Writing a Simple Will",
    "Why every adult needs one",
    "will, inheritance, family law",
    "What a will must contain to be valid and how to keep it safe.",
    ["List every asset clearly", "Name an executor you trust", "Sign before two witnesses"],
  ],
  [
    "Mindful Eating Habits",
    "Slowing down at the table",
    "mindful eating, digestion, habits",
    "Eating slowly and without screens helps digestion and portion size.",
    ["Put the spoon down between bites", "Eat at a table, not a desk", "Notice hunger before second helpings"],
  ],
  [
    "Colours That Suit You",
    "Finding your personal palette",
    "colour analysis, styling, wardrobe",
    "How skin undertone guides the colours that make you look rested.",
    ["Check the veins on your wrist", "Try white against off-white", "Build around two base colours"],
  ],
  [
    "Coping with Grief",
    "Support after a loss",
    "grief, counselling, mental health",
    "Grief has no timetable; what helps in the first weeks and months.",
    ["Let people help with meals and errands", "Keep a simple routine", "Ask for counselling if days stay heavy"],
  ],
  [
    "Pranayama for Beginners",
    "Breathing practices to start with",
    "pranayama, breathing, yoga",
    "Three safe breathing practices and how long to do them.",
    ["Anulom vilom, 5 minutes", "Bhramari, 5 rounds", "Deep belly breathing before sleep"],
  ],
]

const COLORS = ["red", "green", "blue", "orange", "purple"]

export const demoBlogs: DemoBlog[] = TOPICS.map(([name, title, keyword, description, points], i) => ({
  name,
  title,
  keyword,
  description,
  about: [
    `<h2>${title}</h2>`,
    `<p>${description} <span style="color:${COLORS[i % COLORS.length]}">Read this before you start.</span></p>`,
    `<p><strong>In short:</strong> small steps, done often, work better than big changes done once.</p>`,
    `<ul>${points.map((p) => `<li>${p}</li>`).join("")}</ul>`,
    `<p><em>Questions?</em> <u>Book a session</u> with one of our experts or read more on <a href="https://www.example.com/wellness-library">our library</a>.</p>`,
  ].join(""),
}))

const DESIGNATIONS = [
  "Senior Counsellor",
  "Family Lawyer",
  "Clinical Nutritionist",
  "Yoga Therapist",
  "Image Consultant",
  "Child Psychologist",
  "Property Lawyer",
  "Sports Nutritionist",
  "Meditation Teacher",
  "Career Counsellor",
  "Consumer Rights Advocate",
  "Ayurveda Practitioner",
]
const EXPERT_NAMES = [
  "Dr. Kavita Menon",
  "Adv. Rohit Kapoor",
  "Sunita Rao",
  "Arvind Iyer",
  "Neelam Chopra",
  "Dr. Farhan Qureshi",
  "Adv. Lakshmi Nair",
  "Manish Verma",
  "Geeta Bose",
  "Siddharth Joshi",
  "Adv. Paromita Das",
  "Vaidya Harish Patel",
]
export const demoExperts = EXPERT_NAMES.map((name, i) => ({ name, designation: DESIGNATIONS[i]! }))

const QUOTES = [
  "My counsellor helped me through a very hard year. I finally sleep through the night.",
  "The lawyer explained my tenancy dispute in simple words and we settled it in two weeks.",
  "The diet plan fit my family's cooking. I lost 6 kg without feeling hungry.",
  "Morning yoga sessions fixed the back pain I had for years from desk work.",
  "The image consultant gave me the confidence I needed for my first board presentation.",
  "Booking a session was easy and the counsellor was kind and patient with my son.",
  "Clear advice on my father's will saved our family months of worry.",
  "I manage my sugar levels much better since my nutritionist changed my breakfasts.",
  "The breathing practices calm me before every exam now.",
  "Helpful, punctual and practical. I recommend the platform to all my friends.",
  "The consumer complaint letter they drafted got me a full refund within a week.",
  "Gentle, knowledgeable teachers. My mother joined the seniors' yoga batch too.",
]
const TESTIMONIAL_NAMES = [
  "Ritika S.",
  "Anand M.",
  "Farah K.",
  "Deepak R.",
  "Shalini P.",
  "Kiran T.",
  "Mohan V.",
  "Preeti G.",
  "Aryan D.",
  "Lata N.",
  "Suresh B.",
  "Nandini C.",
]
export const demoTestimonials = TESTIMONIAL_NAMES.map((name, i) => ({ name, summery: QUOTES[i]! }))

const OUTLETS = ["daily-herald", "wellness-today", "city-chronicle", "health-weekly", "startup-review", "legal-times"]
export const demoPress: Array<Pick<PressItem, "link" | "type">> = Array.from({ length: 12 }, (_, i) => ({
  link: `https://news.example.com/${OUTLETS[i % OUTLETS.length]}/wellness-collective-${2026 - (i % 3)}-${i + 1}`,
  type: i % 3 === 2 ? "Recognition" : "Press Release",
}))
