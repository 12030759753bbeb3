/**
 * What visitors see of each widget kind (001 §3 Widget kinds). Each view takes its own kind's widget;
 * `widget-registry.ts` pairs it with the kind's editor.
 */
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PAGE_OR_WEB_LINK, isLinkUrl } from '@portal/shared/links';
import { HtmlContent } from '../../../components/html-content';
import { youTubeEmbedUrl } from '../../../lib/youtube';
import type { WidgetFile, WidgetOf } from '../api/page-types';
import { iconOf } from './widget-icons';

/** The public address of a widget's stored file. */
export function widgetFileUrl(file: WidgetFile): string {
  return `/api/v1/files/${encodeURIComponent(file.fileId)}/content`;
}

/** Theme colours of the heading colour names (001 §3: default black, tertiary green). */
const HEADING_COLOR = {
  default: 'text.primary',
  primary: 'primary.main',
  secondary: 'secondary.main',
  tertiary: 'success.dark',
} as const;

/** Type scale of the heading types: h1 is the page heading, h6 the title. */
const HEADING_VARIANT = { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'subtitle1', h6: 'subtitle2' } as const;

export function HeadingView({ widget }: { widget: WidgetOf<'heading'> }) {
  return (
    <Typography
      component={widget.headingType}
      variant={HEADING_VARIANT[widget.headingType]}
      sx={{ color: HEADING_COLOR[widget.headingColor], fontWeight: 700 }}
    >
      {widget.text}
    </Typography>
  );
}

export function CalloutBoxView({ widget }: { widget: WidgetOf<'calloutBox'> }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2.5, borderLeft: 6, borderLeftColor: 'primary.main', bgcolor: 'grey.50' }}
    >
      <Typography sx={{ whiteSpace: 'pre-line', fontSize: '1.125rem' }}>{widget.text}</Typography>
    </Paper>
  );
}

/** A text beside an optional image, the image on the given side (stacked on phones). */
function Beside({
  image,
  side,
  children,
}: {
  image: WidgetFile | null;
  side: 'left' | 'right';
  children: React.ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: side === 'left' ? 'row' : 'row-reverse' }}
      spacing={3}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      {image && (
        <Box
          component="img"
          src={widgetFileUrl(image)}
          alt={image.alt}
          sx={{ width: { xs: '100%', sm: '40%' }, height: 'auto', borderRadius: 1, flexShrink: 0 }}
        />
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
    </Stack>
  );
}

export function ContentBoxView({ widget }: { widget: WidgetOf<'contentBox'> }) {
  return (
    <Beside image={widget.image} side={widget.imagePosition}>
      <HtmlContent html={widget.content} />
    </Beside>
  );
}

/** Whether a target leaves the site (opened in a new tab) or is one of its pages. */
function isExternal(target: string): boolean {
  return /^https?:\/\//i.test(target);
}

/** A target as an href: only a checked link ever is one (issue 20 "Links"); anything else stays on the page. */
function hrefOf(target: string): string {
  return isLinkUrl(target, PAGE_OR_WEB_LINK) ? target : '#';
}

export function CallToActionView({ widget }: { widget: WidgetOf<'callToAction'> }) {
  const external = isExternal(widget.target);
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Button
        variant="contained"
        size="large"
        href={hrefOf(widget.target)}
        endIcon={<ArrowForwardIcon />}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {widget.text}
      </Button>
    </Box>
  );
}

export function CoverImageView({ widget }: { widget: WidgetOf<'coverImage'> }) {
  return (
    <Box
      sx={{
        position: 'relative',
        borderRadius: 2,
        overflow: 'hidden',
        minHeight: 240,
        display: 'flex',
        alignItems: 'flex-end',
        bgcolor: 'grey.900',
      }}
    >
      {widget.image && (
        <Box
          component="img"
          src={widgetFileUrl(widget.image)}
          alt={widget.image.alt}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          p: 3,
          color: 'common.white',
          background: 'linear-gradient(transparent, rgba(0,0,0,0.8))',
        }}
      >
        <Typography component="h2" variant="h4" sx={{ fontWeight: 700 }}>
          {widget.title}
        </Typography>
        {widget.subtitle && <Typography sx={{ mt: 1 }}>{widget.subtitle}</Typography>}
      </Box>
    </Box>
  );
}

export function TeamMemberView({ widget }: { widget: WidgetOf<'teamMember'> }) {
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Avatar
        src={widget.avatar ? widgetFileUrl(widget.avatar) : undefined}
        alt={widget.avatar?.alt ?? ''}
        sx={{ width: 120, height: 120, fontSize: '2.5rem' }}
      >
        {widget.name.charAt(0)}
      </Avatar>
      <Box>
        <Typography component="h3" variant="h6">
          {widget.name}
        </Typography>
        <Typography color="text.secondary">{widget.title}</Typography>
      </Box>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        {widget.description}
      </Typography>
      {widget.logo && (
        <Box
          component="img"
          src={widgetFileUrl(widget.logo)}
          alt={widget.logo.alt}
          sx={{ maxWidth: 145, maxHeight: 40 }}
        />
      )}
    </Stack>
  );
}

export function ImageView({ widget }: { widget: WidgetOf<'image'> }) {
  if (!widget.image) return null;
  const maxHeight = /^\d+$/.test(widget.maxHeight) ? `${widget.maxHeight}px` : undefined;
  return (
    <Box
      component="figure"
      sx={{
        m: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: { left: 'flex-start', center: 'center', right: 'flex-end' }[widget.position],
      }}
    >
      <Box
        component="img"
        src={widgetFileUrl(widget.image)}
        alt={widget.image.alt}
        sx={{ maxWidth: '100%', maxHeight, height: 'auto', borderRadius: 1 }}
      />
      {widget.name && (
        <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {widget.name}
        </Typography>
      )}
    </Box>
  );
}

/** The video through the privacy-enhanced host: no cookie until the visitor plays it. */
export function YouTubeView({ widget }: { widget: WidgetOf<'youTube'> }) {
  return (
    <Box sx={{ position: 'relative', aspectRatio: '16 / 9', width: '100%' }}>
      <Box
        component="iframe"
        src={youTubeEmbedUrl(widget.videoId)}
        title="YouTube video"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
        allowFullScreen
        loading="lazy"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0, borderRadius: 1 }}
      />
    </Box>
  );
}

export function FeatureItemView({ widget }: { widget: WidgetOf<'featureItem'> }) {
  return (
    <Beside image={widget.image} side={widget.imagePosition}>
      <Typography component="h3" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {widget.title}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line' }} color="text.secondary">
        {widget.subtitle}
      </Typography>
    </Beside>
  );
}

export function GiantIconButtonView({ widget }: { widget: WidgetOf<'giantIconButton'> }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fit, minmax(200px, 1fr))' },
      }}
    >
      {widget.buttons.map((button, index) => {
        const Icon = iconOf(button.icon);
        const external = isExternal(button.target);
        return (
          <Card key={`${index}-${button.name}`} variant="outlined">
            <CardActionArea
              href={hrefOf(button.target)}
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              sx={{ p: 3, textAlign: 'center', height: '100%' }}
            >
              <Icon sx={{ fontSize: 64, color: 'primary.main' }} aria-hidden />
              <Typography component="h3" variant="h6" sx={{ mt: 1 }}>
                {button.name}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                {button.description}
              </Typography>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}

export function FileView({ widget }: { widget: WidgetOf<'file'> }) {
  if (!widget.file) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <InsertDriveFileIcon color="primary" aria-hidden />
      <Link component="a" href={widgetFileUrl(widget.file)} download={widget.file.filename}>
        {widget.name}
      </Link>
    </Stack>
  );
}
