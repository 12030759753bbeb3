/**
 * The widget registry (STYLE.md habit 8): a mapped type over the union's kinds, so the compiler proves
 * that every kind has a label, a view and an editor. Editors load on demand (only editors open the
 * section dialog), so visitors download the views alone.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { stripHtmlTags } from '@portal/shared/text';
import { WIDGET_KIND_LABELS, type WidgetKind, type WidgetOf } from '../api/page-types';
import * as views from './widget-views';

/** What an editor of one widget gets: the index of its widget in the section form's `widgets`. */
export interface WidgetEditorProps {
  index: number;
}

export interface WidgetEntry<K extends WidgetKind> {
  /** The kind's name in the section dialog. */
  label: string;
  View: ComponentType<{ widget: WidgetOf<K> }>;
  /** The widget's words as announcements and labels read them. */
  titleOf: (widget: WidgetOf<K>) => string;
  Editor: LazyExoticComponent<ComponentType<WidgetEditorProps>>;
}

export type WidgetRegistry = { [K in WidgetKind]: WidgetEntry<K> };

/** The editor of a kind, from the editors' chunk. */
function editorOf(kind: WidgetKind) {
  return lazy(async () => ({ default: (await import('./widget-editors')).WIDGET_EDITORS[kind] }));
}

export const WIDGETS: WidgetRegistry = {
  heading: {
    label: WIDGET_KIND_LABELS.heading,
    View: views.HeadingView,
    titleOf: (w) => w.text,
    Editor: editorOf('heading'),
  },
  calloutBox: {
    label: WIDGET_KIND_LABELS.calloutBox,
    View: views.CalloutBoxView,
    titleOf: (w) => w.text,
    Editor: editorOf('calloutBox'),
  },
  contentBox: {
    label: WIDGET_KIND_LABELS.contentBox,
    View: views.ContentBoxView,
    titleOf: (w) => stripHtmlTags(w.content, ' '),
    Editor: editorOf('contentBox'),
  },
  callToAction: {
    label: WIDGET_KIND_LABELS.callToAction,
    View: views.CallToActionView,
    titleOf: (w) => w.text,
    Editor: editorOf('callToAction'),
  },
  coverImage: {
    label: WIDGET_KIND_LABELS.coverImage,
    View: views.CoverImageView,
    titleOf: (w) => w.title,
    Editor: editorOf('coverImage'),
  },
  teamMember: {
    label: WIDGET_KIND_LABELS.teamMember,
    View: views.TeamMemberView,
    titleOf: (w) => w.name,
    Editor: editorOf('teamMember'),
  },
  image: {
    label: WIDGET_KIND_LABELS.image,
    View: views.ImageView,
    titleOf: (w) => w.name,
    Editor: editorOf('image'),
  },
  youTube: {
    label: WIDGET_KIND_LABELS.youTube,
    View: views.YouTubeView,
    titleOf: (w) => `YouTube video ${w.videoId}`,
    Editor: editorOf('youTube'),
  },
  featureItem: {
    label: WIDGET_KIND_LABELS.featureItem,
    View: views.FeatureItemView,
    titleOf: (w) => w.title,
    Editor: editorOf('featureItem'),
  },
  giantIconButton: {
    label: WIDGET_KIND_LABELS.giantIconButton,
    View: views.GiantIconButtonView,
    titleOf: (w) => w.buttons.map((button) => button.name).join(', '),
    Editor: editorOf('giantIconButton'),
  },
  file: {
    label: WIDGET_KIND_LABELS.file,
    View: views.FileView,
    titleOf: (w) => w.name,
    Editor: editorOf('file'),
  },
};

export const WIDGET_KINDS = Object.keys(WIDGETS) as WidgetKind[];
