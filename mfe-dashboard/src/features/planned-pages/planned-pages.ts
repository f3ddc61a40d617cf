// Dashboard pages whose features arrive in later issues: each route already has its real frame.
export interface PlannedPage {
  path: string;
  title: string;
  description: string;
  sections: readonly string[];
}

export const PLANNED_PAGES: readonly PlannedPage[] = [
  {
    path: '/care-tools',
    title: 'Care tools',
    description: 'Self-care exercises for hard days: breathing, grounding and more.',
    sections: ['Care tools', 'Tools your provider assigned to you'],
  },
  { path: '/journey', title: 'Your journey', description: 'Your progress through care, step by step.', sections: ['Your journey'] },
  { path: '/experts', title: 'Experts', description: 'Talks and resources from mental-health experts.', sections: ['Experts'] },
  { path: '/communities', title: 'Communities', description: 'Peer support communities.', sections: ['Communities'] },
  { path: '/assessments', title: 'Assessments', description: 'Questionnaires that help you and your provider.', sections: ['Assessments'] },
];
