import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  horizontalListSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** What one entry of a sortable list shows: its handle and move buttons, then its content. */
function SortableEntry({
  id,
  title,
  noun,
  isVertical,
  isFirst,
  isLast,
  onStep,
  children,
}: {
  id: string;
  title: string;
  noun: string;
  isVertical: boolean;
  isFirst: boolean;
  isLast: boolean;
  onStep: (step: -1 | 1) => void;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const [EarlierIcon, LaterIcon] = isVertical
    ? [ArrowUpwardIcon, ArrowDownwardIcon]
    : [ArrowBackIcon, ArrowForwardIcon];
  return (
    <Box
      ref={setNodeRef}
      sx={{
        display: 'flex',
        flexDirection: isVertical ? 'row' : 'column',
        alignItems: 'flex-start',
        gap: 0.5,
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
        opacity: isDragging ? 0.85 : 1,
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: isVertical ? 'column' : 'row', flexShrink: 0 }}>
        <Tooltip title={`Drag to move this ${noun}`}>
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            {...attributes}
            {...listeners}
            aria-label={`Move ${noun} ${title}`}
            sx={{ cursor: 'grab', touchAction: 'none' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <IconButton
          size="small"
          aria-label={`Move ${noun} ${title} ${isVertical ? 'up' : 'left'}`}
          disabled={isFirst}
          onClick={() => onStep(-1)}
        >
          <EarlierIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`Move ${noun} ${title} ${isVertical ? 'down' : 'right'}`}
          disabled={isLast}
          onClick={() => onStep(1)}
        >
          <LaterIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>{children}</Box>
    </Box>
  );
}

/**
 * A list editors reorder by dragging (001 §2 "Editors may drag to reorder sections and groups";
 * dnd-kit): pointer or keyboard (space or enter picks up, arrows move, space or enter drops, escape
 * cancels), plus move buttons beside each handle. Screen readers hear the entry's title and its
 * position ("… moved to position 2 of 5"), never its id.
 * Props: `items` (stable ids), `titleOf`, `noun` ('section', 'group'), `direction`, `onReorder` (the
 * ids in their new order), `renderItem`.
 */
export function SortableList<T>({
  items,
  idOf,
  titleOf,
  noun,
  direction = 'vertical',
  onReorder,
  renderItem,
}: {
  items: readonly T[];
  idOf: (item: T) => string;
  titleOf: (item: T) => string;
  noun: string;
  direction?: 'vertical' | 'horizontal';
  onReorder: (ids: string[]) => void;
  renderItem: (item: T) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(idOf);
  const count = ids.length;
  const titleById = (id: UniqueIdentifier) => {
    const item = items.find((entry) => idOf(entry) === String(id));
    return item === undefined ? `this ${noun}` : titleOf(item);
  };
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${noun} ${titleById(active.id)}, at position ${position(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${noun} ${titleById(active.id)} moved to position ${position(over.id)} of ${count}.`
        : `${noun} ${titleById(active.id)} is no longer over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${noun} ${titleById(active.id)} dropped at position ${position(over.id)} of ${count}.`
        : `${noun} ${titleById(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Moving ${noun} ${titleById(active.id)} was cancelled; it stays at position ${position(active.id)} of ${count}.`,
  };
  const move = (from: number, to: number) => {
    if (from < 0 || to < 0 || from === to || to >= count) return;
    onReorder(arrayMove(ids, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const isVertical = direction === 'vertical';
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To pick up a ${noun}, press space or enter. Move it with the arrow keys, press space or enter to drop it, or escape to cancel.`,
        },
      }}
    >
      <SortableContext
        items={ids}
        strategy={isVertical ? verticalListSortingStrategy : horizontalListSortingStrategy}
      >
        <Box
          sx={{
            display: 'flex',
            flexDirection: isVertical ? 'column' : 'row',
            flexWrap: isVertical ? 'nowrap' : 'wrap',
            gap: isVertical ? 3 : 1,
          }}
        >
          {items.map((item, index) => (
            <SortableEntry
              key={idOf(item)}
              id={idOf(item)}
              title={titleOf(item)}
              noun={noun}
              isVertical={isVertical}
              isFirst={index === 0}
              isLast={index === count - 1}
              onStep={(step) => move(index, index + step)}
            >
              {renderItem(item)}
            </SortableEntry>
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}
