import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  BoldIcon,
  Heading2Icon,
  Heading3Icon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  type LucideIcon,
} from "lucide-react";
import { useEffect } from "react";
import { cn } from "../lib/cn";

export interface RichTextEditorProps {
  id: string;
  /** The id of the visible label: a contenteditable area is named by aria-labelledby, not `for`. */
  "aria-labelledby": string;
  value: string;
  onChange: (html: string) => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  className?: string;
}

interface ToolbarAction {
  label: string;
  icon: LucideIcon;
  isActive: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

const toolbarActions: ToolbarAction[] = [
  {
    label: "Gras",
    icon: BoldIcon,
    isActive: (editor) => editor.isActive("bold"),
    run: (editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    label: "Italique",
    icon: ItalicIcon,
    isActive: (editor) => editor.isActive("italic"),
    run: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    label: "Titre",
    icon: Heading2Icon,
    isActive: (editor) => editor.isActive("heading", { level: 2 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: "Sous-titre",
    icon: Heading3Icon,
    isActive: (editor) => editor.isActive("heading", { level: 3 }),
    run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  {
    label: "Liste à puces",
    icon: ListIcon,
    isActive: (editor) => editor.isActive("bulletList"),
    run: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    label: "Liste numérotée",
    icon: ListOrderedIcon,
    isActive: (editor) => editor.isActive("orderedList"),
    run: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
  {
    label: "Lien",
    icon: LinkIcon,
    isActive: (editor) => editor.isActive("link"),
    run: (editor) => {
      if (editor.isActive("link")) {
        editor.chain().focus().unsetLink().run();
        return;
      }
      const href = window.prompt("Adresse du lien (https://...)");
      if (href && /^(https?:|mailto:|\/)/i.test(href.trim())) {
        editor.chain().focus().extendMarkRange("link").setLink({ href: href.trim() }).run();
      }
    },
  },
];

/**
 * Rich text for FAQs, pages and templates (TipTap): bold, italic, headings, lists and links. The
 * HTML it produces is sanitized again by the server on write.
 */
export function RichTextEditor({ id, value, onChange, className, ...aria }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ["https", "http", "mailto"] },
      }),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": aria["aria-labelledby"],
        ...(aria["aria-invalid"] ? { "aria-invalid": "true" } : {}),
        ...(aria["aria-describedby"] ? { "aria-describedby": aria["aria-describedby"] } : {}),
        class:
          "prose-content min-h-40 px-3 py-2 text-sm focus-visible:outline-none [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-primary [&_a]:underline",
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => toolbarActions.map((action) => action.isActive(current)),
  });

  // A value set from outside (the dialog opened on another record) replaces the content.
  useEffect(() => {
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div
      className={cn(
        "rounded-md border border-input bg-background focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring",
        aria["aria-invalid"] && "border-destructive",
        className,
      )}
    >
      <div
        role="toolbar"
        aria-label="Mise en forme"
        className="flex flex-wrap gap-1 border-b border-border p-1"
      >
        {toolbarActions.map((action, index) => (
          <button
            key={action.label}
            type="button"
            aria-label={action.label}
            aria-pressed={active[index] ?? false}
            title={action.label}
            onClick={() => action.run(editor)}
            className="rounded p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground aria-pressed:bg-muted aria-pressed:text-foreground"
          >
            <action.icon className="size-4" aria-hidden />
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
