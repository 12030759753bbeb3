import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeType } from '@portal/shared/enums';
import type { Content, ContentKnowledge } from '@portal/shared/schemas/courseware';

const LISTS: readonly { type: KnowledgeType; field: 'tkss' | 'ksas' | 'kus' }[] = [
  { type: 'TKS', field: 'tkss' },
  { type: 'KSA', field: 'ksas' },
  { type: 'KU', field: 'kus' },
];

/**
 * The Task Knowledge Skills (TKS), Knowledge Skill Abilities (KSA) and Knowledge Units (KU) of a content
 * item (000 §2), each under its heading with code and name, in index order; empty lists are left out.
 * Props: `content`.
 */
export function KnowledgeLists({ content }: { content: Pick<Content, 'tkss' | 'ksas' | 'kus'> }) {
  return (
    <>
      {LISTS.map(({ type, field }) => {
        const items: ContentKnowledge[] = [...content[field]].sort((a, b) => a.index - b.index);
        if (items.length === 0) return null;
        const headingId = `knowledge-${type}`;
        return (
          <Box component="section" key={type} aria-labelledby={headingId}>
            <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
              {KNOWLEDGE_TYPE_LABELS[type]}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {items.map((item) => (
                <Box component="li" key={item.id} sx={{ display: 'flex', gap: 1.5, py: 0.5 }}>
                  <Typography
                    component="span"
                    sx={{ fontWeight: 600, minWidth: 64, flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
                  >
                    {item.code}
                  </Typography>
                  <Typography component="span">{item.name}</Typography>
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </>
  );
}
