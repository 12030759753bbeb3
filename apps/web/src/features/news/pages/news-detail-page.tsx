import LinearProgress from '@mui/material/LinearProgress';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { MESSAGES } from '@portal/shared/errors';
import { DatedItemDetail } from '../../../components/dated-items/dated-item-detail';
import { longDate } from '../../../components/dated-items/dated-item-parts';
import { DeleteItemDialog } from '../../../components/dated-items/delete-item-dialog';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { deleteNews } from '../api/delete-news';
import { newsQueryOptions } from '../api/get-news';
import { NEWS_KEY } from '../api/list-news';
import { LazyNewsDialog } from '../components/lazy-news-dialog';

/**
 * /news/{alias} (001 §2): one news item by id or alias; edit and delete by permission; deleting goes to
 * the list, and a missing item goes back to the list (001 §8). No props.
 */
export function NewsDetailPage() {
  const { alias = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const item = useQuery(newsQueryOptions(alias));
  const canEdit = useCan('CanUpdateContent');
  const canDelete = useCan('CanDeleteNews');
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  useDocumentTitle(item.data?.name ?? 'News');
  if (item.isError) return <Navigate to={paths.news} replace />;
  if (!item.data) return <LinearProgress aria-label={MESSAGES.loading} />;
  const news = item.data;
  return (
    <>
      <DatedItemDetail
        item={news}
        dateText={longDate(news.date)}
        canEdit={canEdit}
        canDelete={canDelete}
        onEdit={() => setDialog('edit')}
        onDelete={() => setDialog('delete')}
      />
      {dialog === 'edit' && (
        <Suspense fallback={null}>
          <LazyNewsDialog
            item={news}
            onClose={() => setDialog(null)}
            onSaved={async (saved) => {
              setDialog(null);
              // The item's own query gets the saved item (under its new alias when renamed, so the old
              // alias is never fetched again); only the lists are loaded anew.
              queryClient.setQueryData(newsQueryOptions(saved.urlAlias).queryKey, saved);
              if (saved.urlAlias !== alias) navigate(paths.newsItem(saved.urlAlias), { replace: true });
              await queryClient.invalidateQueries({
                queryKey: NEWS_KEY,
                predicate: (q) => q.queryKey[1] !== 'item',
              });
            }}
          />
        </Suspense>
      )}
      {dialog === 'delete' && (
        <DeleteItemDialog
          title="Delete news"
          name={news.name}
          onDelete={() => deleteNews(news.id)}
          onDeleted={async () => {
            queryClient.removeQueries({ queryKey: NEWS_KEY });
            navigate(paths.news, { replace: true });
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
