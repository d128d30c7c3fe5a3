/**
 * Illustrative testimonials: the people and companies are fictional (the product calls them
 * placeholders), and the section says so on the page.
 */
export type Testimonial = {
  id: string;
  name: string;
  role: string;
  company: string;
  content: string;
  stars: number;
};

export const testimonials: readonly Testimonial[] = [
  {
    id: 'maya-okafor',
    name: 'Maya Okafor',
    role: 'Operations Director',
    company: 'Northwind Dental Group',
    content:
      'Our front desk used to spend every afternoon on confirmation calls. Now one request per appointment does it, and no-shows dropped in the first month.',
    stars: 5,
  },
  {
    id: 'daniel-reyes',
    name: 'Daniel Reyes',
    role: 'Head of Engineering',
    company: 'Contoso Staffing',
    content:
      'We wired shift-fill calls into our scheduler in an afternoon. The agent handles interruptions better than our old IVR ever did, and the transcripts land in our database.',
    stars: 5,
  },
  {
    id: 'priya-natarajan',
    name: 'Priya Natarajan',
    role: 'Dispatch Manager',
    company: 'Fabrikam Freight',
    content:
      'Check calls to drivers were eating hours every day. The calls go out on time, retries happen on their own, and dispatch only hears about loads that need a human.',
    stars: 4,
  },
];
