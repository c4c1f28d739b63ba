//go:build linux && cgo

#include <gtk/gtk.h>
#include <webkit2/webkit2.h>

extern void hearthSmoothScrollingOff(int);

// smoothOffIn turns smooth scrolling off in every web view under w and
// counts the ones that read it back as off.
static int smoothOffIn(GtkWidget *w) {
	if (WEBKIT_IS_WEB_VIEW(w)) {
		WebKitSettings *s = webkit_web_view_get_settings(WEBKIT_WEB_VIEW(w));
		webkit_settings_set_enable_smooth_scrolling(s, FALSE);
		return webkit_settings_get_enable_smooth_scrolling(s) ? 0 : 1;
	}
	int n = 0;
	if (GTK_IS_CONTAINER(w)) {
		GList *children = gtk_container_get_children(GTK_CONTAINER(w));
		for (GList *l = children; l != NULL; l = l->next) {
			n += smoothOffIn(GTK_WIDGET(l->data));
		}
		g_list_free(children);
	}
	return n;
}

static gboolean smoothOffOnMain(gpointer unused) {
	int n = 0;
	GList *tops = gtk_window_list_toplevels();
	for (GList *l = tops; l != NULL; l = l->next) {
		n += smoothOffIn(GTK_WIDGET(l->data));
	}
	g_list_free(tops);
	hearthSmoothScrollingOff(n);
	return G_SOURCE_REMOVE;
}

// hearthScheduleSmoothScrollingOff runs the change on GTK's main loop,
// the only thread that may touch widgets.
void hearthScheduleSmoothScrollingOff(void) {
	g_idle_add(smoothOffOnMain, NULL);
}

static gboolean urgentOnMain(gpointer on) {
	GList *tops = gtk_window_list_toplevels();
	for (GList *l = tops; l != NULL; l = l->next) {
		gtk_window_set_urgency_hint(GTK_WINDOW(l->data), on != NULL);
	}
	g_list_free(tops);
	return G_SOURCE_REMOVE;
}

// hearthSetUrgent sets or clears the windows' urgency hint on GTK's main
// loop.
void hearthSetUrgent(int on) {
	g_idle_add(urgentOnMain, on ? GINT_TO_POINTER(1) : NULL);
}
