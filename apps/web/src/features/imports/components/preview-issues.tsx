import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ImportIssue } from '@portal/shared/schemas/imports';
import { countOf } from '../lib/import-labels';

const SEVERITY_LABELS: Record<ImportIssue['severity'], string> = { error: 'Error', warning: 'Warning' };

/**
 * The problems of an import's preview (issue 38): errors first, then warnings, each with the package path
 * it is about ("the whole package" for ''); errors block the import, warnings must be accepted. Those
 * beyond IMPORT_ISSUES_MAX are counted. Props: `issues`, `moreIssues` (how many were left out).
 */
export function PreviewIssues({ issues, moreIssues }: { issues: ImportIssue[]; moreIssues: number }) {
  const sorted = [
    ...issues.filter((i) => i.severity === 'error'),
    ...issues.filter((i) => i.severity !== 'error'),
  ];
  return (
    <Box component="section" aria-labelledby="preview-issues-heading" sx={{ mt: 3 }}>
      <Typography variant="h2" id="preview-issues-heading" sx={{ mb: 1 }}>
        Problems
      </Typography>
      {sorted.length === 0 ? (
        <Typography>No problems were found in this package.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {sorted.map((issue, index) => {
            const isError = issue.severity === 'error';
            const Icon = isError ? ErrorOutlinedIcon : WarningAmberIcon;
            return (
              <Box
                component="li"
                // The same message may be about several paths, and a path may have several problems.
                key={`${issue.severity} ${issue.path} ${index}`}
                sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.75 }}
              >
                <Icon fontSize="small" color={isError ? 'error' : 'warning'} aria-hidden sx={{ mt: 0.25 }} />
                <Box>
                  <Typography>
                    <Box component="strong" sx={{ color: isError ? 'error.dark' : 'warning.dark' }}>
                      {SEVERITY_LABELS[issue.severity]}:
                    </Box>{' '}
                    {issue.message}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {issue.path ? (
                      <>
                        In <code>{issue.path}</code>
                      </>
                    ) : (
                      'The whole package'
                    )}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      {moreIssues > 0 && (
        <Typography sx={{ mt: 1 }}>
          And {countOf(moreIssues, 'more problem')} not listed here: correct these and upload the package
          again to see them.
        </Typography>
      )}
    </Box>
  );
}
