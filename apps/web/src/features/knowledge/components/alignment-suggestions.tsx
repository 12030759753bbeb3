import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { KNOWLEDGE_TYPE_SHORT_LABELS, type AlignmentDecision } from '@portal/shared/enums';
import type { AlignmentSuggestion } from '@portal/shared/schemas/alignment-suggestions';
import { getAlignmentSuggestions, recordAlignmentDecision } from '../api/alignment-suggestions';

/** What happened to one suggestion in this editing session. */
type RowState = { decision: AlignmentDecision } | { error: string } | undefined;

const percent = (score: number) => `${Math.round(score * 100)}%`;
const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'The server could not be reached.';

/**
 * "Suggest alignments" in the content editor (issue 25): asks the server for up to ten TKS, KSA, KU
 * statements and CyBOK areas matching the saved item, and lists each with its score, the words that
 * matched and the similar items that carry it. Accept records the choice and hands the suggestion to
 * `onAccept` (the editor adds it to its list; the curator's save keeps it); Reject records the choice, and
 * the statement is not suggested for the item again. Suggestions read the saved text and files, so a new
 * item (no `contentId`) is asked to save first.
 * Props: `contentId` (the saved item, absent in create mode), `selectedIds` (what the form already lists),
 * `onAccept(suggestion)`, `disabled` (while saving).
 */
export function AlignmentSuggestions({
  contentId,
  selectedIds,
  onAccept,
  disabled = false,
}: {
  contentId?: string;
  selectedIds: ReadonlySet<string>;
  onAccept: (suggestion: AlignmentSuggestion) => void;
  disabled?: boolean;
}) {
  const [requested, setRequested] = useState(false);
  const [rows, setRows] = useState<Record<string, RowState>>({});
  const suggestions = useQuery({
    queryKey: ['alignment-suggestions', contentId],
    queryFn: ({ signal }) => getAlignmentSuggestions(contentId!, signal),
    enabled: requested && Boolean(contentId),
    staleTime: 0,
    gcTime: 0,
  });
  const decide = useMutation({
    mutationFn: ({
      suggestion,
      decision,
      rank,
    }: {
      suggestion: AlignmentSuggestion;
      decision: AlignmentDecision;
      rank: number;
    }) =>
      recordAlignmentDecision(contentId!, {
        knowledgeId: suggestion.knowledgeId,
        decision,
        score: suggestion.score,
        rank,
      }),
    onSuccess: (_record, { suggestion, decision }) => {
      setRows((r) => ({ ...r, [suggestion.knowledgeId]: { decision } }));
      if (decision === 'accepted') onAccept(suggestion);
    },
    onError: (error, { suggestion }) =>
      setRows((r) => ({ ...r, [suggestion.knowledgeId]: { error: `Not recorded: ${messageOf(error)}` } })),
  });

  const ask = () => {
    setRows({});
    if (requested) void suggestions.refetch();
    else setRequested(true);
  };

  return (
    <Box component="section" aria-labelledby="alignment-suggestions-heading" sx={{ mb: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h3" id="alignment-suggestions-heading">
          Suggested alignments
        </Typography>
        <Button variant="outlined" onClick={ask} disabled={disabled || !contentId || suggestions.isFetching}>
          {requested ? 'Suggest again' : 'Suggest alignments'}
        </Button>
      </Stack>
      {!contentId && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Create the item first: suggestions read its saved description, sections and files.
        </Typography>
      )}
      <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
        {suggestions.isFetching && (
          <>
            <Typography variant="body2">Reading the item’s text and similar items…</Typography>
            <LinearProgress sx={{ mt: 0.5 }} aria-label="Finding suggestions" />
          </>
        )}
        {!suggestions.isFetching && suggestions.isSuccess && suggestions.data.length === 0 && (
          <Typography variant="body2">
            No suggestions: nothing in the saved name, description, sections or files matches a statement or a
            similar aligned item. Add learning objectives or a fuller description, save, and ask again.
          </Typography>
        )}
        {!suggestions.isFetching && suggestions.isSuccess && suggestions.data.length > 0 && (
          <Typography variant="body2">
            {suggestions.data.length} suggestion{suggestions.data.length === 1 ? '' : 's'}, best first.
            Accepted ones are added to the lists below; save to keep them.
          </Typography>
        )}
      </Box>
      {suggestions.isError && !suggestions.isFetching && (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={ask}>
              Try again
            </Button>
          }
        >
          The suggestions could not be loaded. {messageOf(suggestions.error)}
        </Alert>
      )}
      {suggestions.isSuccess && suggestions.data.length > 0 && (
        <Box component="ol" aria-label="Suggested alignments" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {suggestions.data.map((suggestion, index) => (
            <SuggestionRow
              key={suggestion.knowledgeId}
              suggestion={suggestion}
              state={rows[suggestion.knowledgeId]}
              isListed={selectedIds.has(suggestion.knowledgeId)}
              disabled={disabled || decide.isPending}
              onDecide={(decision) => decide.mutate({ suggestion, decision, rank: index + 1 })}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One suggestion: kind, code and statement, score, evidence, and its Accept / Reject buttons or outcome. */
function SuggestionRow({
  suggestion,
  state,
  isListed,
  disabled,
  onDecide,
}: {
  suggestion: AlignmentSuggestion;
  state: RowState;
  isListed: boolean;
  disabled: boolean;
  onDecide: (decision: AlignmentDecision) => void;
}) {
  const decided = state && 'decision' in state ? state.decision : undefined;
  const nameId = `suggestion-${suggestion.knowledgeId}`;
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 2, flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 22rem', minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Chip size="small" label={KNOWLEDGE_TYPE_SHORT_LABELS[suggestion.type]} />
          <Typography component="span" id={nameId}>
            <Box component="span" sx={{ fontWeight: 600, mr: 1 }}>
              {suggestion.code}
            </Box>
            {suggestion.name}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Score {percent(suggestion.score)}
          {suggestion.matchedWords.length > 0 && <> · Matched: {suggestion.matchedWords.join(', ')}</>}
          {suggestion.neighbours.length > 0 && (
            <> · Also on similar items: {suggestion.neighbours.join('; ')}</>
          )}
        </Typography>
        {state && 'error' in state && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
            {state.error}
          </Typography>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {decided === 'accepted' && (
          <Typography variant="body2">Accepted: added below, save to keep it</Typography>
        )}
        {decided === 'rejected' && <Typography variant="body2">Rejected: not suggested again</Typography>}
        {!decided && isListed && <Typography variant="body2">Already in the list below</Typography>}
        {!decided && !isListed && (
          <>
            <Button
              size="small"
              variant="contained"
              disabled={disabled}
              onClick={() => onDecide('accepted')}
              aria-describedby={nameId}
            >
              Accept
            </Button>
            <Button
              size="small"
              disabled={disabled}
              onClick={() => onDecide('rejected')}
              aria-describedby={nameId}
            >
              Reject
            </Button>
          </>
        )}
      </Stack>
    </Box>
  );
}
