import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '@/lib/session-store';

/** What the settings know of a column: its key, its label and whether it may be hidden. */
export interface SettableColumn {
  key: string;
  title: string;
  /** Always shown (the row's name, its actions): listed but not untickable. */
  isRequired?: boolean;
  /** Left out until the user ticks it. */
  isHiddenByDefault?: boolean;
  /** Pinned to a side of the table: keeps its place, not reordered. */
  fixed?: 'left' | 'right';
}

/** The user's choice for one list: the order of its columns and the ones not shown. */
interface StoredSettings {
  order: string[];
  hidden: string[];
}

const STORAGE_PREFIX = 'parlour-columns';

/** localStorage key of one user's settings of one list: per role and user id, so two accounts on one browser differ. */
export function columnSettingsKey(role: string, userId: number | string, listId: string) {
  return `${STORAGE_PREFIX}:${role}:${userId}:${listId}`;
}

function useStorageKey(listId: string) {
  const role = useSessionStore((state) => state.loginType);
  const userId = useSessionStore((state) => state[state.loginType].info?.id ?? 'anonymous');
  return columnSettingsKey(role, userId, listId);
}

function readStored(key: string): StoredSettings | null {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<StoredSettings> | null;
    if (!value || !Array.isArray(value.order) || !Array.isArray(value.hidden)) return null;
    return {
      order: value.order.filter((item) => typeof item === 'string'),
      hidden: value.hidden.filter((item) => typeof item === 'string'),
    };
  } catch {
    // A damaged entry is as good as none: the list shows its default columns.
    return null;
  }
}

/**
 * The column settings of a list, remembered per user in localStorage (as Ant Design Pro's column
 * settings): which columns are shown and in what order. A column the stored settings do not know
 * (added since) is shown in its default place; a stored key no column has any more is ignored.
 * Pinned columns keep their side.
 */
export function useColumnSettings<Column extends SettableColumn>(listId: string, columns: Column[]) {
  const storageKey = useStorageKey(listId);
  const [stored, setStored] = useState<{ key: string; settings: StoredSettings | null }>(() => ({
    key: storageKey,
    settings: readStored(storageKey),
  }));
  // Another user signing in on the same tab reads their own settings.
  const settings = stored.key === storageKey ? stored.settings : readStored(storageKey);

  const byKey = new Map(columns.map((column) => [column.key, column]));
  const movable = columns.filter((column) => !column.fixed).map((column) => column.key);
  const storedOrder = (settings?.order ?? []).filter((key) => movable.includes(key));
  // Unknown-to-the-settings columns go in after the column they follow by default.
  const order = [...storedOrder];
  movable.forEach((key, index) => {
    if (order.includes(key)) return;
    const previous = movable
      .slice(0, index)
      .reverse()
      .find((candidate) => order.includes(candidate));
    order.splice(previous ? order.indexOf(previous) + 1 : 0, 0, key);
  });
  const hidden = new Set(
    settings
      ? settings.hidden.filter((key) => byKey.has(key) && !byKey.get(key)!.isRequired)
      : columns.filter((column) => column.isHiddenByDefault && !column.isRequired).map((column) => column.key),
  );
  const left = columns.filter((column) => column.fixed === 'left');
  const right = columns.filter((column) => column.fixed === 'right');
  /** Every column in display order, shown or not. */
  const ordered = [...left, ...order.map((key) => byKey.get(key)!), ...right];

  const save = (next: StoredSettings | null) => {
    if (next) localStorage.setItem(storageKey, JSON.stringify(next));
    else localStorage.removeItem(storageKey);
    setStored({ key: storageKey, settings: next });
  };

  return {
    /** The shown columns in the user's order. */
    visibleColumns: ordered.filter((column) => !hidden.has(column.key)),
    ordered,
    isShown: (key: string) => !hidden.has(key),
    setShown: (key: string, isShown: boolean) => {
      const next = new Set(hidden);
      if (isShown) next.delete(key);
      else next.add(key);
      save({ order, hidden: [...next] });
    },
    /** Moves a column one place up (-1) or down (+1) among the movable ones. */
    move: (key: string, step: -1 | 1) => {
      const index = order.indexOf(key);
      const target = index + step;
      if (index < 0 || target < 0 || target >= order.length) return;
      const next = [...order];
      [next[index], next[target]] = [next[target], next[index]];
      save({ order: next, hidden: [...hidden] });
    },
    /** Moves a column (dropped by drag) to `index` among the movable ones, the others closing up. */
    moveTo: (key: string, index: number) => {
      const from = order.indexOf(key);
      const target = Math.max(0, Math.min(order.length - 1, index));
      if (from < 0 || from === target) return;
      const next = order.filter((candidate) => candidate !== key);
      next.splice(target, 0, key);
      save({ order: next, hidden: [...hidden] });
    },
    reset: () => save(null),
    isCustomised: settings !== null,
  };
}

export type ColumnSettingsState = ReturnType<typeof useColumnSettings>;

/** Where a dragged column would land: before or after the row under the pointer. */
interface DropTarget {
  key: string;
  isAfter: boolean;
}

/**
 * The settings button and its popover: a checkbox per column and reset; the movable columns are
 * reordered by dragging a row (its handle, or anywhere on it), and from the keyboard by the
 * handle's arrow keys or the up/down buttons, as Ant Design Pro's column settings.
 */
export function ColumnSettingsButton({ settings }: { settings: ColumnSettingsState }) {
  const { t } = useTranslation();
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<DropTarget | null>(null);
  const movable = settings.ordered.filter((column) => !column.fixed).map((column) => column.key);
  const movableCount = movable.length;

  const endDrag = () => {
    setDragged(null);
    setDropTarget(null);
  };
  const drop = () => {
    if (dragged && dropTarget && dragged !== dropTarget.key) {
      const from = movable.indexOf(dragged);
      const over = movable.indexOf(dropTarget.key);
      // The index among the others once the dragged column is taken out.
      const index = over + (dropTarget.isAfter ? 1 : 0) - (from < over ? 1 : 0);
      settings.moveTo(dragged, index);
    }
    endDrag();
  };

  const content = (
    <Flex
      vertical
      gap={2}
      style={{ minWidth: 240 }}
      role="group"
      aria-label={t('dataTable.columnSettings')}
      className="column-settings"
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 4 }}>
        <Typography.Text strong>{t('dataTable.visibleColumns')}</Typography.Text>
        <Button type="link" size="small" disabled={!settings.isCustomised} onClick={settings.reset}>
          {t('dataTable.reset')}
        </Button>
      </Flex>
      {movableCount > 1 ? (
        <Typography.Text type="secondary" style={{ fontSize: 12, marginBottom: 4 }}>
          {t('dataTable.reorderHint')}
        </Typography.Text>
      ) : null}
      {settings.ordered.map((column) => {
        const position = movable.indexOf(column.key);
        const isMovable = position >= 0;
        const isTarget = dropTarget?.key === column.key && dragged !== column.key;
        const className = [
          'column-settings__row',
          dragged === column.key ? 'column-settings__row--dragging' : '',
          isTarget
            ? dropTarget.isAfter
              ? 'column-settings__row--drop-after'
              : 'column-settings__row--drop-before'
            : '',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <Flex
            key={column.key}
            align="center"
            justify="space-between"
            gap={8}
            className={className}
            data-column={column.key}
            draggable={isMovable}
            onDragStart={
              isMovable
                ? (event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    // Firefox starts a drag only with some data.
                    event.dataTransfer.setData('text/plain', column.key);
                    setDragged(column.key);
                  }
                : undefined
            }
            onDragOver={
              isMovable && dragged
                ? (event) => {
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    const box = event.currentTarget.getBoundingClientRect();
                    const isAfter = event.clientY > box.top + box.height / 2;
                    if (dropTarget?.key !== column.key || dropTarget.isAfter !== isAfter)
                      setDropTarget({ key: column.key, isAfter });
                  }
                : undefined
            }
            onDrop={
              isMovable
                ? (event) => {
                    event.preventDefault();
                    drop();
                  }
                : undefined
            }
            onDragEnd={endDrag}
          >
            <Flex align="center" gap={4} style={{ minWidth: 0 }}>
              {isMovable ? (
                <button
                  type="button"
                  className="column-settings__handle"
                  aria-label={t('dataTable.dragHandle', { column: column.title })}
                  onKeyDown={(event) => {
                    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
                    event.preventDefault();
                    settings.move(column.key, event.key === 'ArrowUp' ? -1 : 1);
                  }}
                >
                  <HolderOutlined />
                </button>
              ) : (
                <span className="column-settings__handle column-settings__handle--pinned" aria-hidden />
              )}
              <Checkbox
                checked={settings.isShown(column.key)}
                disabled={column.isRequired}
                onChange={(event) => settings.setShown(column.key, event.target.checked)}
              >
                {column.title}
              </Checkbox>
            </Flex>
            {column.fixed ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(column.fixed === 'left' ? 'dataTable.pinnedLeft' : 'dataTable.pinnedRight')}
              </Typography.Text>
            ) : (
              <Flex gap={2}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={position === 0}
                  aria-label={t('dataTable.moveUp', { column: column.title })}
                  onClick={() => settings.move(column.key, -1)}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={position === movableCount - 1}
                  aria-label={t('dataTable.moveDown', { column: column.title })}
                  onClick={() => settings.move(column.key, 1)}
                />
              </Flex>
            )}
          </Flex>
        );
      })}
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content}>
      <Tooltip title={t('dataTable.columnSettings')}>
        <Button icon={<SettingOutlined />} aria-label={t('dataTable.columnSettings')} />
      </Tooltip>
    </Popover>
  );
}
