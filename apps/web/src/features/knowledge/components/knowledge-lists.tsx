import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { KNOWLEDGE_SOURCES } from '@portal/shared/alignment';
import { KNOWLEDGE_TYPE_LABELS, type KnowledgeType } from '@portal/shared/enums';
import type { Content, ContentKnowledge } from '@portal/shared/schemas/courseware';
import { AlignmentSourceLine } from './alignment-source';

type ListField = 'tkss' | 'ksas' | 'kus' | 'cybokAreas';

const LISTS: readonly { type: KnowledgeType; field: ListField }[] = [
  { type: 'TKS', field: 'tkss' },
  { type: 'KSA', field: 'ksas' },
  { type: 'KU', field: 'kus' },
  { type: 'CYBOK', field: 'cybokAreas' },
];

/** A CyBOK alignment's topics, each with its keywords after a dash. */
function Topics({ item }: { item: ContentKnowledge }) {
  if (!item.topics?.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
      {item.topics.map((t) => (
        <Typography component="li" variant="body2" key={t.topic}>
          {t.topic}
          {t.keywords.length > 0 && (
            <Typography component="span" variant="body2" color="text.secondary">
              {' — '}
              {t.keywords.join(', ')}
            </Typography>
          )}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The Task Knowledge Skills (TKS), Knowledge Skill Abilities (KSA), Knowledge Units (KU) and CyBOK
 * knowledge areas of a content item (000 §2, issue 25), each under its heading with code and name (a
 * CyBOK area with its topics and keywords), in index order, and the list's source and licence; empty
 * lists are left out. Props: `content`.
 */
export function KnowledgeLists({ content }: { content: Pick<Content, ListField> }) {
  return (
    <>
      {LISTS.map(({ type, field }) => {
        const items: ContentKnowledge[] = [...(content[field] ?? [])].sort((a, b) => a.index - b.index);
        if (items.length === 0) return null;
        const headingId = `knowledge-${type}`;
        const source = KNOWLEDGE_SOURCES[type];
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
                  <Box>
                    <Typography component="span">{item.name}</Typography>
                    <Topics item={item} />
                  </Box>
                </Box>
              ))}
            </Box>
            <AlignmentSourceLine source={source} />
          </Box>
        );
      })}
    </>
  );
}
