import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import {
  Controller,
  useWatch,
  type Control,
  type UseFormGetValues,
  type UseFormSetValue,
} from 'react-hook-form';
import type { KnowledgeType } from '@portal/shared/enums';
import type { KnowledgeItem } from '@portal/shared/schemas/knowledge';
import { firstMessage, focusTargetOf } from '../../../lib/form-errors';
import { useKnowledge } from '../../knowledge/api/get-knowledge';
import { AlignmentSuggestions } from '../../knowledge/components/alignment-suggestions';
import { KnowledgePicker } from '../../knowledge/components/knowledge-picker';
import type { ContentDraft } from '../lib/content-draft';

const NO_KNOWLEDGE: readonly KnowledgeItem[] = [];

/** The knowledge lists in the order the page shows them (000 §2: TKS, KSA, KU; then CyBOK, issue 25). */
const KNOWLEDGE_ORDER = ['TKS', 'KSA', 'KU', 'CYBOK'] as const satisfies readonly KnowledgeType[];
const FIELD_OF = { TKS: 'tksIds', KSA: 'ksaIds', KU: 'kuIds', CYBOK: 'cybokIds' } as const satisfies Record<
  KnowledgeType,
  string
>;

interface KnowledgeEditorProps {
  control: Control<ContentDraft>;
  setValue: UseFormSetValue<ContentDraft>;
  getValues: UseFormGetValues<ContentDraft>;
  /** The saved item's id (absent in create mode): the suggestions are computed for it. */
  contentId?: string;
  disabled: boolean;
}

/**
 * The suggested alignments above the knowledge lists (issue 25): an accepted suggestion is added to
 * its kind's list in the form, to be saved with the rest of the item.
 */
function ContentAlignmentSuggestions({
  control,
  setValue,
  getValues,
  contentId,
  disabled,
}: KnowledgeEditorProps) {
  const lists = useWatch({ control, name: KNOWLEDGE_ORDER.map((type) => FIELD_OF[type]) });
  const selectedIds = useMemo(() => new Set(lists.flatMap((ids) => ids ?? [])), [lists]);
  return (
    <AlignmentSuggestions
      contentId={contentId}
      selectedIds={selectedIds}
      disabled={disabled}
      onAccept={(suggestion) => {
        const field = FIELD_OF[suggestion.type];
        const current = getValues(field) ?? [];
        if (!current.includes(suggestion.knowledgeId)) {
          setValue(field, [...current, suggestion.knowledgeId], { shouldDirty: true });
        }
      }}
    />
  );
}

/**
 * The content editor's "Knowledge, skills and abilities" section (000 §2 edit mode: TKS / KSA / KU add
 * lists; CyBOK, issue 25): the suggested alignments, then one picker per kind over the knowledge list,
 * each a field of the editor's form (`tksIds`, `ksaIds`, `kuIds`, `cybokIds`) showing its server issue.
 */
export function ContentKnowledgeEditor(props: KnowledgeEditorProps) {
  const knowledge = useKnowledge();
  return (
    <Box component="section" aria-labelledby="knowledge-editor-heading">
      <Typography variant="h2" id="knowledge-editor-heading" sx={{ mb: 1.5 }}>
        Knowledge, skills and abilities
      </Typography>
      <ContentAlignmentSuggestions {...props} />
      <Stack spacing={3}>
        {KNOWLEDGE_ORDER.map((type) => (
          <Controller
            key={type}
            control={props.control}
            name={FIELD_OF[type]}
            render={({ field, fieldState }) => {
              field.ref(focusTargetOf(field.name));
              return (
                <KnowledgePicker
                  type={type}
                  items={knowledge.data ?? NO_KNOWLEDGE}
                  selectedIds={field.value ?? []}
                  field={field.name}
                  error={firstMessage(fieldState.error)}
                  disabled={props.disabled}
                  onChange={field.onChange}
                />
              );
            }}
          />
        ))}
      </Stack>
    </Box>
  );
}
