import { useLocation, useSubmit } from '@remix-run/react'
import { useEffect, useRef, type FormEvent } from 'react'
import { TYPING_PAUSE_MS } from '~/lists/typing-pause'

/** Where the caret was in the field being typed in, to put it back once the list has been read again. */
interface TypingField {
	id: string
	selection: [number, number] | null
}

/**
 * A GET filter form that applies itself as it changes, with JavaScript: a choice at once, typed text after a
 * pause (TYPING_PAUSE_MS), replacing the history entry rather than adding one per word. Its "Apply" button
 * stays for a browser without JavaScript. The form is keyed by its view and so is rendered anew after each
 * change: the field being typed in gets its focus and caret back. Returns the form's `onChange`.
 */
export function useApplyAsChanged() {
	const submit = useSubmit()
	const { search } = useLocation()
	const timer = useRef<ReturnType<typeof setTimeout>>()
	const typing = useRef<TypingField | null>(null)

	useEffect(() => () => clearTimeout(timer.current), [])
	useEffect(() => {
		// The list has been read again (Apply, Enter, a link): a change still waiting is part of it or stale.
		clearTimeout(timer.current)
		const field = typing.current
		typing.current = null
		const element = field ? document.getElementById(field.id) : null
		if (!field || !(element instanceof HTMLInputElement) || document.activeElement === element) return
		element.focus()
		if (field.selection) element.setSelectionRange(...field.selection)
	}, [search])

	return (event: FormEvent<HTMLFormElement>) => {
		const control = event.target
		const form = event.currentTarget
		const typed = control instanceof HTMLInputElement && control.type !== 'checkbox' && control.type !== 'radio'
		const apply = () => {
			if (typed && document.activeElement === control) {
				// Only text and search fields have a caret to put back (an email or date field throws when asked).
				const caret = control.type === 'search' || control.type === 'text'
				typing.current = { id: control.id, selection: caret && control.selectionStart !== null ? [control.selectionStart, control.selectionEnd ?? control.selectionStart] : null }
			}
			submit(form, { replace: typed, preventScrollReset: true })
		}
		clearTimeout(timer.current)
		if (typed) timer.current = setTimeout(apply, TYPING_PAUSE_MS)
		else apply()
	}
}
