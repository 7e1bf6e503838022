import { HTTPError } from 'ky';
import { ErrorBody } from '../../../contract/errors';
import type {
  ProjectForm,
  ProjectList,
  ProjectStatus,
  ProjectUpdate,
} from '../../../contract/projects';
import { api } from '../../api/client';

/** The projects overview's calls (docs/projects.md); each answers the company's projects. */

export function fetchProjects(): Promise<ProjectList> {
  return api.get('v1/projects').json();
}

export function createProject(form: ProjectForm): Promise<ProjectList> {
  return api.put('v1/projects', { json: form }).json();
}

export function updateProject(form: ProjectUpdate): Promise<ProjectList> {
  return api.post('v1/projects', { json: form }).json();
}

export function setProjectStatus(projectId: number, status: ProjectStatus): Promise<ProjectList> {
  return api.post('v1/projects/status', { json: { project_id: projectId, status } }).json();
}

/** The form messages of a refused save (400), or null when it failed otherwise. */
export async function formProblems(error: unknown): Promise<string[] | null> {
  if (!(error instanceof HTTPError) || error.response.status !== 400) return null;
  const body = ErrorBody.safeParse(
    await error.response
      .clone()
      .json()
      .catch(() => null),
  );
  return body.success ? body.data.errors.map((e) => e.detail) : null;
}
